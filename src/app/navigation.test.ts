import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@/contract';
import {
  groupOfPath,
  homeOf,
  isActivePath,
  NAV_ITEMS,
  NAVIGATION,
  permissionForPath,
  visibleNavigation,
  type NavEntry,
} from './navigation';

/** The sidebar as ids: items, and groups with their children. */
const shape = (entries: NavEntry[]) =>
  entries.map((entry) =>
    entry.kind === 'item' ? entry.id : `${entry.id}>${entry.children.map((c) => c.id).join(',')}`,
  );

describe('the navigation table (docs/product.md §2)', () => {
  it('has exactly the product entries, groups and links', () => {
    expect(
      NAVIGATION.map((entry) =>
        entry.kind === 'item'
          ? [entry.label.message, entry.permission, entry.to]
          : [
              entry.label.message,
              entry.permission,
              entry.children.map((c) => [c.label.message, c.permission, c.to]),
            ],
      ),
    ).toEqual([
      ['Dashboard', 'dashboard', '/'],
      // The doors the user stands at (docs/decisions/0055-the-door.md).
      ['Door', 'checkin', '/door'],
      [
        'Service Provider Manager',
        'service_provider',
        [['Service Provider', 'serviceprovider', '/serviceprovider']],
      ],
      ['Supervisor Manager', 'supervisor', [['Supervisor', 'supervisor', '/supervisor']]],
      ['Event Manager', 'event_manager', [['Events', 'event', '/event']]],
      [
        'Advertisement Manager',
        'advertisement_manager',
        [['Advertisement', 'advertisement', '/advertisement']],
      ],
      ['Notification Manager', 'notification', [['Notification', 'notification', '/notification']]],
      [
        'User Manager',
        'user_manager',
        [
          ['Users', 'usermanager', '/users'],
          // The audit trail's Activity screen (docs/decisions/0017-audit-trail.md), beside the users.
          ['Activity', 'usermanager', '/activity'],
        ],
      ],
      ['Booking Manager', 'booking', [['Bookings', 'booking', '/booking']]],
      ['Page Manager', 'page_manager', [['Pages', 'pages', '/pages']]],
      [
        'Configuration',
        'configuration',
        [
          ['Category Master', 'category', '/category'],
          ['Country Master', 'country', '/country'],
          ['City Master', 'city', '/city'],
          ['Location Master', 'location', '/location'],
        ],
      ],
    ]);
  });
});

describe('visibility per role (docs/product.md §6)', () => {
  it('admin sees everything', () => {
    expect(shape(visibleNavigation(ROLE_PERMISSIONS.admin))).toEqual([
      'dashboard',
      'door',
      'service_provider>serviceprovider',
      'supervisor>supervisor',
      'event_manager>event',
      'advertisement_manager>advertisement',
      'notification>notification',
      'user_manager>usermanager,activity',
      'booking>booking',
      'page_manager>pages',
      'configuration>category,country,city,location',
    ]);
  });

  it('manager sees the dashboard, events, advertisements and bookings', () => {
    expect(shape(visibleNavigation(ROLE_PERMISSIONS.manager))).toEqual([
      'dashboard',
      'door',
      'event_manager>event',
      'advertisement_manager>advertisement',
      'booking>booking',
    ]);
  });

  it('service provider sees its sections and the configuration masters', () => {
    expect(shape(visibleNavigation(ROLE_PERMISSIONS.serviceprovider))).toEqual([
      'dashboard',
      'door',
      'event_manager>event',
      'advertisement_manager>advertisement',
      'notification>notification',
      'booking>booking',
      'configuration>category,country,city,location',
    ]);
  });

  it('door staff see the door alone, and land there', () => {
    expect(shape(visibleNavigation(ROLE_PERMISSIONS.door))).toEqual(['door']);
    expect(homeOf(ROLE_PERMISSIONS.door)).toBe('/door');
    expect(homeOf(ROLE_PERMISSIONS.manager)).toBe('/');
    expect(homeOf([])).toBe('/');
  });

  it('shows a group only with its permission and at least one child permission', () => {
    expect(shape(visibleNavigation(['configuration']))).toEqual([]);
    expect(shape(visibleNavigation(['city']))).toEqual([]);
    expect(shape(visibleNavigation(['configuration', 'city']))).toEqual(['configuration>city']);
    expect(shape(visibleNavigation([]))).toEqual([]);
  });
});

describe('active item by path', () => {
  const item = (id: string) => NAV_ITEMS.find((i) => i.id === id)!;

  it('needs an exact match for the dashboard', () => {
    expect(isActivePath('/', item('dashboard'))).toBe(true);
    expect(isActivePath('/event', item('dashboard'))).toBe(false);
    expect(isActivePath('/profile', item('dashboard'))).toBe(false);
  });

  it('uses a prefix match for the others', () => {
    expect(isActivePath('/event', item('event'))).toBe(true);
    expect(isActivePath('/event/details/4', item('event'))).toBe(true);
    expect(isActivePath('/serviceprovider-details/9', item('serviceprovider'))).toBe(true);
    expect(isActivePath('/booking-details', item('booking'))).toBe(true);
    expect(isActivePath('/user/update/3', item('usermanager'))).toBe(true);
    expect(isActivePath('/city', item('country'))).toBe(false);
    // An event's door and door list are the door's, not the events area's.
    expect(isActivePath('/event/door-list/4', item('door'))).toBe(true);
    expect(isActivePath('/event/door-sales/4', item('door'))).toBe(true);
    expect(permissionForPath('/event/door-sales/4')).toBe('checkin');
    expect(permissionForPath('/event/door/4')).toBe('checkin');
    expect(isActivePath('/event/door/4', item('door'))).toBe(true);
    expect(isActivePath('/event/door-list/4', item('event'))).toBe(false);
    expect(isActivePath('/event/door/4', item('event'))).toBe(false);
  });

  it('opens the group of the current path', () => {
    expect(groupOfPath('/country/add/2')?.id).toBe('configuration');
    expect(groupOfPath('/event/list')?.id).toBe('event_manager');
    expect(groupOfPath('/')).toBeUndefined();
    expect(groupOfPath('/profile')).toBeUndefined();
  });

  it('gives every route of the product table its permission', () => {
    const table: [string, string][] = [
      ['/', 'dashboard'],
      ['/country/add/1', 'country'],
      ['/country/details/1', 'country'],
      ['/supervisor/details/5', 'supervisor'],
      ['/pages/details/3', 'pages'],
      ['/city', 'city'],
      ['/category/add', 'category'],
      ['/location', 'location'],
      ['/serviceprovider-details/1', 'serviceprovider'],
      ['/serviceprovider/update/1', 'serviceprovider'],
      ['/supervisor/add/5', 'supervisor'],
      ['/event/details/1', 'event'],
      ['/advertisement/update/1', 'advertisement'],
      ['/users', 'usermanager'],
      ['/user-details', 'usermanager'],
      ['/user/add', 'usermanager'],
      ['/notification/add/', 'notification'],
      ['/booking-details', 'booking'],
      ['/pages/privacypolicy/1', 'pages'],
      ['/pages/social/1', 'pages'],
    ];
    for (const [path, permission] of table) expect(permissionForPath(path), path).toBe(permission);
    for (const path of ['/door', '/event/door/1', '/event/door-list/1'])
      expect(permissionForPath(path), path).toBe('checkin');
    expect(permissionForPath('/profile')).toBeNull();
  });
});
