/**
 * The sidebar of each role equals docs/product.md §6 (docs/product.md §2). The expected entries are derived from
 * the role table in the contract (ROLE_PERMISSIONS, docs/product.md §6) and the sidebar entries and routes of
 * docs/product.md §2, written out here independently of the app's own navigation table.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROLE_PERMISSIONS, type Permission, type Role } from '../../src/contract/roles';
import { DEMO } from '../support/app-server';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';
import { visit } from '../support/app';

const suite = browserSuite();

interface Leaf {
  label: string;
  path: string;
  permission: Permission;
}
interface Group {
  label: string;
  permission: Permission | null;
  children: Leaf[];
}

/** docs/product.md §2 "Sidebar", with the permission of each entry (docs/product.md §2 route table, §6 section names). */
const SIDEBAR: (Leaf | Group)[] = [
  { label: 'Dashboard', path: '/admin/', permission: 'dashboard' },
  // The doors the user stands at (docs/decisions/0055-the-door.md).
  { label: 'Door', path: '/admin/door', permission: 'checkin' },
  {
    label: 'Service Provider Manager',
    permission: 'service_provider',
    children: [{ label: 'Service Provider', path: '/admin/serviceprovider', permission: 'serviceprovider' }],
  },
  {
    label: 'Supervisor Manager',
    permission: 'supervisor',
    children: [{ label: 'Supervisor', path: '/admin/supervisor', permission: 'supervisor' }],
  },
  {
    label: 'Event Manager',
    permission: 'event_manager',
    children: [{ label: 'Events', path: '/admin/event', permission: 'event' }],
  },
  {
    label: 'Advertisement Manager',
    permission: 'advertisement_manager',
    children: [{ label: 'Advertisement', path: '/admin/advertisement', permission: 'advertisement' }],
  },
  {
    label: 'Notification Manager',
    permission: null,
    children: [{ label: 'Notification', path: '/admin/notification', permission: 'notification' }],
  },
  {
    label: 'User Manager',
    permission: 'user_manager',
    children: [
      { label: 'Users', path: '/admin/users', permission: 'usermanager' },
      // The audit trail's Activity screen (docs/decisions/0017-audit-trail.md).
      { label: 'Activity', path: '/admin/activity', permission: 'usermanager' },
    ],
  },
  {
    label: 'Booking Manager',
    permission: null,
    children: [{ label: 'Bookings', path: '/admin/booking', permission: 'booking' }],
  },
  {
    label: 'Page Manager',
    permission: 'page_manager',
    children: [{ label: 'Pages', path: '/admin/pages', permission: 'pages' }],
  },
  {
    label: 'Configuration',
    permission: 'configuration',
    children: [
      { label: 'Category Master', path: '/admin/category', permission: 'category' },
      { label: 'Country Master', path: '/admin/country', permission: 'country' },
      { label: 'City Master', path: '/admin/city', permission: 'city' },
      { label: 'Location Master', path: '/admin/location', permission: 'location' },
    ],
  },
];

const isGroup = (e: Leaf | Group): e is Group => 'children' in e;

/** What a user of `role` must see: top-level labels in order, and every link with its path. */
const expectedFor = (role: Role) => {
  const granted = new Set<Permission>(ROLE_PERMISSIONS[role]);
  const top: string[] = [];
  const groups: string[] = [];
  const links: [string, string][] = [];
  for (const entry of SIDEBAR) {
    if (!isGroup(entry)) {
      if (granted.has(entry.permission)) {
        top.push(entry.label);
        links.push([entry.label, entry.path]);
      }
      // A service provider's own business follows the dashboard (docs/product.md §2).
      if (role === 'serviceprovider' && entry === SIDEBAR[0]) {
        groups.push('My business');
        links.push(
          ['Business profile and documents', '/admin/serviceprovider'],
          ['My supervisors', '/admin/supervisor'],
        );
      }
      continue;
    }
    const children = entry.children.filter((c) => granted.has(c.permission));
    if (children.length === 0 || (entry.permission && !granted.has(entry.permission))) continue;
    // A group of a single link is that link (no group holds one link).
    top.push(children.length === 1 ? children[0]!.label : entry.label);
    if (children.length > 1) groups.push(entry.label);
    for (const c of children) links.push([c.label, c.path]);
  }
  return { top, links, groups };
};

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Opens every group of the sidebar and reads its entries. */
async function readSidebar(page: Page) {
  const sidebar = page.getByTestId('sidebar');
  const toggles = sidebar.locator('button[aria-expanded]');
  for (let i = 0; i < (await toggles.count()); i++) {
    const toggle = toggles.nth(i);
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  }
  const groups = (await toggles.allInnerTexts()).map(clean);
  const links = await sidebar
    .locator('a[href]')
    .evaluateAll((els) =>
      els.map((a) => [(a as HTMLElement).innerText, new URL((a as HTMLAnchorElement).href).pathname]),
    );
  return { groups, links: links.map(([label, path]) => [clean(label!), path!] as [string, string]) };
}

const ROLES: [Role, string][] = [
  ['admin', DEMO.admin],
  ['manager', DEMO.manager],
  ['serviceprovider', DEMO.provider],
];

describe('sidebar per role (docs/product.md §6)', () => {
  it.each(ROLES)('shows exactly the entries of %s', async (role, email) => {
    const { page } = await suite.signedIn(email);
    const expected = expectedFor(role);
    const seen = await readSidebar(page);

    expect(seen.links).toEqual(expected.links);
    expect(seen.groups).toEqual(expected.groups);
    await snap(page, `sidebar-${role}-en-desktop`);
  });

  it('opens the group of the current path and highlights the active entry (exact for Dashboard)', async () => {
    const { page } = await suite.signedIn(DEMO.admin);
    const sidebar = page.getByTestId('sidebar');
    const dashboard = sidebar.getByRole('link', { name: 'Dashboard', exact: true });
    await expect.poll(() => dashboard.getAttribute('aria-current')).toBe('page');

    await visit(page, '/admin/country');
    const configuration = sidebar.locator('button[aria-expanded]', { hasText: 'Configuration' });
    await expect.poll(() => configuration.getAttribute('aria-expanded'), { timeout: 15_000 }).toBe('true');
    const country = sidebar.getByRole('link', { name: 'Country Master', exact: true });
    await expect.poll(() => country.getAttribute('aria-current')).toBe('page');
    expect(await dashboard.getAttribute('aria-current')).not.toBe('page');
    // Prefix match: a sub-route keeps its entry active.
    await visit(page, '/admin/country/add');
    await expect.poll(() => country.getAttribute('aria-current'), { timeout: 15_000 }).toBe('page');
  });
});
