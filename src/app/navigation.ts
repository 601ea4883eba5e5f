/**
 * The one navigation table (docs/product.md §2 sidebar, docs/product.md §2 route table, docs/product.md §6 permissions). The sidebar,
 * the route permission guard, the dashboards' "what you can manage" lists and the tests all read it.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  BadgeCheck,
  Bell,
  CalendarDays,
  CalendarCheck,
  DoorOpen,
  FileText,
  LayoutDashboard,
  Megaphone,
  Settings,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Permission, Role } from '@/contract';
import { OWNER_ROLE } from '@/contract/plain';

export interface NavItem {
  id: string;
  label: MessageDescriptor;
  /** The sidebar link. */
  to: string;
  permission: Permission;
  /** Other route prefixes of the area (docs/product.md §2 route table) that are not under `to`. */
  also?: readonly string[];
  /** Only the dashboard: active on an exact match. */
  exact?: boolean;
  /** Route prefixes under `to` that belong to another item (the doors of events, under /event). */
  except?: readonly string[];
  /** The resource key of the link's list when it is not the item's `id` (its cached pages). */
  resource?: string;
}

export interface NavGroup {
  id: string;
  label: MessageDescriptor;
  permission: Permission;
  icon: LucideIcon;
  children: readonly NavItem[];
}

export type NavEntry = ({ kind: 'item'; icon: LucideIcon } & NavItem) | ({ kind: 'group' } & NavGroup);

/** An event's door screen, its door list and its door sales (docs/decisions/0055-the-door.md). */
const DOOR_PATHS = ['/event/door/', '/event/door-list/', '/event/door-sales/'];

export const NAVIGATION: readonly NavEntry[] = [
  {
    kind: 'item',
    id: 'dashboard',
    label: msg`Dashboard`,
    to: '/',
    permission: 'dashboard',
    exact: true,
    icon: LayoutDashboard,
  },
  {
    // The doors the user stands at (docs/decisions/0055-the-door.md): an event's door screen and its
    // printable door list are the door's, not the events area's (a door account lacks `event`).
    kind: 'item',
    id: 'door',
    label: msg`Door`,
    to: '/door',
    permission: 'checkin',
    also: DOOR_PATHS,
    icon: DoorOpen,
  },
  {
    kind: 'group',
    id: 'service_provider',
    label: msg`Service Provider Manager`,
    permission: 'service_provider',
    icon: BadgeCheck,
    children: [
      {
        id: 'serviceprovider',
        label: msg`Service Provider`,
        to: '/serviceprovider',
        permission: 'serviceprovider',
      },
    ],
  },
  {
    kind: 'group',
    id: 'supervisor',
    label: msg`Supervisor Manager`,
    permission: 'supervisor',
    icon: ShieldCheck,
    children: [{ id: 'supervisor', label: msg`Supervisor`, to: '/supervisor', permission: 'supervisor' }],
  },
  {
    kind: 'group',
    id: 'event_manager',
    label: msg`Event Manager`,
    permission: 'event_manager',
    icon: CalendarDays,
    children: [{ id: 'event', label: msg`Events`, to: '/event', permission: 'event', except: DOOR_PATHS }],
  },
  {
    kind: 'group',
    id: 'advertisement_manager',
    label: msg`Advertisement Manager`,
    permission: 'advertisement_manager',
    icon: Megaphone,
    children: [
      { id: 'advertisement', label: msg`Advertisement`, to: '/advertisement', permission: 'advertisement' },
    ],
  },
  {
    kind: 'group',
    id: 'notification',
    label: msg`Notification Manager`,
    permission: 'notification',
    icon: Bell,
    children: [
      { id: 'notification', label: msg`Notification`, to: '/notification', permission: 'notification' },
    ],
  },
  {
    kind: 'group',
    id: 'user_manager',
    label: msg`User Manager`,
    permission: 'user_manager',
    icon: Users,
    children: [
      {
        id: 'usermanager',
        label: msg`Users`,
        to: '/users',
        permission: 'usermanager',
        resource: 'user',
        also: ['/user-details', '/user/'],
      },
      // The audit trail (docs/decisions/0017-audit-trail.md): admins only, as the users.
      { id: 'activity', label: msg`Activity`, to: '/activity', permission: 'usermanager', resource: 'audit' },
    ],
  },
  {
    kind: 'group',
    id: 'booking',
    label: msg`Booking Manager`,
    permission: 'booking',
    icon: CalendarCheck,
    children: [{ id: 'booking', label: msg`Bookings`, to: '/booking', permission: 'booking' }],
  },
  {
    kind: 'group',
    id: 'page_manager',
    label: msg`Page Manager`,
    permission: 'page_manager',
    icon: FileText,
    children: [{ id: 'pages', label: msg`Pages`, to: '/pages', permission: 'pages', resource: 'page' }],
  },
  {
    kind: 'group',
    id: 'configuration',
    label: msg`Configuration`,
    permission: 'configuration',
    icon: Settings,
    children: [
      { id: 'category', label: msg`Category Master`, to: '/category', permission: 'category' },
      { id: 'country', label: msg`Country Master`, to: '/country', permission: 'country' },
      { id: 'city', label: msg`City Master`, to: '/city', permission: 'city' },
      { id: 'location', label: msg`Location Master`, to: '/location', permission: 'location' },
    ],
  },
];

/** Every link of the table (the dashboard and every group's children). */
export const NAV_ITEMS: readonly NavItem[] = NAVIGATION.flatMap((entry) =>
  entry.kind === 'item' ? [entry] : entry.children,
);

/**
 * A service provider's own business (docs/product.md §2): its profile with its documents, and its
 * supervisors. The provider opens these without the sections' permissions (`ownerMayOpen`; the
 * server limits every answer to its own records), so the group is outside NAVIGATION, whose
 * permissions guard the routes.
 */
const MY_BUSINESS: { kind: 'group' } & NavGroup = {
  kind: 'group',
  id: 'my_business',
  label: msg`My business`,
  permission: 'dashboard',
  // The service provider section's own icon (one more icon would weigh on the first screen).
  icon: BadgeCheck,
  children: [
    {
      id: 'my_business_profile',
      label: msg`Business profile and documents`,
      to: '/serviceprovider',
      permission: 'dashboard',
      also: ['/serviceprovider-details/'],
    },
    { id: 'my_supervisors', label: msg`My supervisors`, to: '/supervisor', permission: 'dashboard' },
  ],
};

/**
 * What the sidebar shows: items the user may see; a group needs its permission and one child's. A
 * service provider (`role`) also gets "My business", after the dashboard.
 */
export function visibleNavigation(permissions: readonly string[], role?: Role | null): NavEntry[] {
  const has = (p: Permission) => permissions.includes(p);
  const result: NavEntry[] = [];
  const entries =
    role === OWNER_ROLE && has(MY_BUSINESS.permission)
      ? [NAVIGATION[0]!, MY_BUSINESS, ...NAVIGATION.slice(1)]
      : NAVIGATION;
  for (const entry of entries) {
    if (entry.kind === 'item') {
      if (has(entry.permission)) result.push(entry);
      continue;
    }
    if (!has(entry.permission)) continue;
    const children = entry.children.filter((child) => has(child.permission));
    if (children.length > 0) result.push({ ...entry, children });
  }
  return result;
}

/** Active by path (docs/product.md §2): the dashboard on an exact match, the others on a prefix match. */
export function isActivePath(pathname: string, item: NavItem): boolean {
  const path = normalize(pathname);
  if (item.exact) return path === item.to;
  if (item.except?.some((prefix) => path.startsWith(prefix))) return false;
  return [item.to, ...(item.also ?? [])].some((prefix) => path.startsWith(prefix));
}

/** The group (of `entries`, by default the whole table) whose child owns the path (it opens by itself). */
export const groupOfPath = (
  pathname: string,
  entries: readonly NavEntry[] = NAVIGATION,
): NavGroup | undefined =>
  entries.find(
    (entry): entry is { kind: 'group' } & NavGroup =>
      entry.kind === 'group' && entry.children.some((child) => isActivePath(pathname, child)),
  );

/** The permission a route needs (docs/product.md §2 route table), or null for pages every signed-in user sees. */
export function permissionForPath(pathname: string): Permission | null {
  const item = NAV_ITEMS.find((candidate) => isActivePath(pathname, candidate));
  return item?.permission ?? null;
}

/**
 * Where a user lands after sign-in (at /): the dashboard, or for a door-only account (`checkin`
 * without `dashboard`) its doors (docs/decisions/0055-the-door.md).
 */
export const homeOf = (permissions: readonly string[]): string =>
  !permissions.includes('dashboard') && permissions.includes('checkin') ? '/door' : '/';

const normalize = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * Pages a service provider opens without the section's permission: its own business profile and
 * its own supervisors (the server limits every answer to the provider's records; another
 * provider's record answers 404).
 */
const OWNER_PATHS: readonly RegExp[] = [
  /^\/serviceprovider\/?$/,
  /^\/serviceprovider-details\/[^/]+\/?$/,
  /^\/serviceprovider\/update\/[^/]+\/?$/,
  /^\/supervisor(\/.*)?$/,
];

export const ownerMayOpen = (pathname: string): boolean =>
  OWNER_PATHS.some((re) => re.test(normalize(pathname)));
