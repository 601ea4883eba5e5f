import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  useLocation,
} from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, type Role } from '@/contract';
import { Sidebar } from './Sidebar';

function renderSidebar(path: string, permissions: readonly string[] | null, role: Role | null = null) {
  const root = createRootRoute({
    component: function Shell() {
      const { pathname } = useLocation();
      return <Sidebar pathname={pathname} permissions={permissions} role={role} />;
    },
  });
  const any = createRoute({ getParentRoute: () => root, path: '$', component: () => null });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => null });
  const router = createRouter({
    routeTree: root.addChildren([home, any]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

const groupButton = (name: string) => screen.getByRole('button', { name });
const topLevelLabels = () =>
  within(screen.getByTestId('sidebar'))
    .getAllByRole('listitem')
    .filter((li) => li.parentElement?.parentElement === screen.getByTestId('sidebar'))
    .map((li) => li.firstElementChild?.textContent);

describe('Sidebar', () => {
  it('shows Loading until the permissions are known', async () => {
    renderSidebar('/', null);
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar).toHaveTextContent('Loading');
    expect(within(sidebar).queryAllByRole('link')).toHaveLength(0);
    expect(sidebar.tagName).toBe('NAV');
    expect(sidebar).toHaveAccessibleName('Main navigation');
  });

  it('shows a manager only the permitted entries; a group of one link is that link', async () => {
    renderSidebar('/', ROLE_PERMISSIONS.manager, 'manager');
    await screen.findByTestId('sidebar');
    expect(topLevelLabels()).toEqual(['Dashboard', 'Door', 'Events', 'Advertisement', 'Bookings']);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/event');
  });

  it('shows an admin every entry', async () => {
    renderSidebar('/', ROLE_PERMISSIONS.admin, 'admin');
    await screen.findByTestId('sidebar');
    expect(topLevelLabels()).toEqual([
      'Dashboard',
      'Door',
      'Service Provider',
      'Supervisor',
      'Events',
      'Advertisement',
      'Notification',
      'User Manager',
      'Bookings',
      'Pages',
      'Configuration',
    ]);
    // Users and the audit trail's Activity screen (docs/decisions/0017-audit-trail.md).
    expect(groupButton('User Manager')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('My business')).toBeNull();
  });

  it('gives a service provider "My business": its profile with documents, and its supervisors', async () => {
    renderSidebar('/supervisor', ROLE_PERMISSIONS.serviceprovider, 'serviceprovider');
    await screen.findByTestId('sidebar');
    expect(topLevelLabels()).toEqual([
      'Dashboard',
      'My business',
      'Door',
      'Events',
      'Advertisement',
      'Notification',
      'Bookings',
      'Configuration',
    ]);
    expect(groupButton('My business')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Business profile and documents' })).toHaveAttribute(
      'href',
      '/serviceprovider',
    );
    expect(screen.getByRole('link', { name: 'My supervisors' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks the dashboard active only on an exact match', async () => {
    renderSidebar('/', ROLE_PERMISSIONS.admin);
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Events' })).not.toHaveAttribute('aria-current');
    expect(groupButton('Configuration')).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the group of the current path and marks the child active by prefix', async () => {
    renderSidebar('/country/add/3', ROLE_PERMISSIONS.serviceprovider);
    expect(await screen.findByRole('link', { name: 'Country Master' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(groupButton('Configuration')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'City Master' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Events' })).not.toHaveAttribute('aria-current');
  });

  it('opens a group by itself when navigation enters it', async () => {
    const router = renderSidebar('/', ROLE_PERMISSIONS.admin);
    await screen.findByTestId('sidebar');
    expect(groupButton('Configuration')).toHaveAttribute('aria-expanded', 'false');
    await act(async () => {
      router.history.push('/city/add');
      await router.load();
    });
    expect(groupButton('Configuration')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'City Master' })).toHaveAttribute('aria-current', 'page');
  });

  it('expands and collapses groups', async () => {
    const user = userEvent.setup();
    renderSidebar('/', ROLE_PERMISSIONS.admin);
    await screen.findByTestId('sidebar');
    await user.click(groupButton('Configuration'));
    expect(groupButton('Configuration')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'City Master' })).toHaveAttribute('href', '/city');
    await user.click(groupButton('Configuration'));
    expect(groupButton('Configuration')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'City Master' })).toBeNull();
  });
});
