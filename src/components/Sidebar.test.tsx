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
import { ROLE_PERMISSIONS } from '@/contract';
import { Sidebar } from './Sidebar';

function renderSidebar(path: string, permissions: readonly string[] | null) {
  const root = createRootRoute({
    component: function Shell() {
      const { pathname } = useLocation();
      return <Sidebar pathname={pathname} permissions={permissions} />;
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

  it('shows a manager only the permitted entries', async () => {
    renderSidebar('/', ROLE_PERMISSIONS.manager);
    await screen.findByTestId('sidebar');
    expect(topLevelLabels()).toEqual([
      'Dashboard',
      'Event Manager',
      'Advertisement Manager',
      'Booking Manager',
    ]);
  });

  it('shows an admin every entry', async () => {
    renderSidebar('/', ROLE_PERMISSIONS.admin);
    await screen.findByTestId('sidebar');
    expect(topLevelLabels()).toEqual([
      'Dashboard',
      'Service Provider Manager',
      'Supervisor Manager',
      'Event Manager',
      'Advertisement Manager',
      'Notification Manager',
      'User Manager',
      'Booking Manager',
      'Page Manager',
      'Configuration',
    ]);
  });

  it('marks the dashboard active only on an exact match', async () => {
    renderSidebar('/', ROLE_PERMISSIONS.admin);
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(groupButton('Event Manager')).toHaveAttribute('aria-expanded', 'false');
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
    expect(groupButton('Event Manager')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Events' })).toBeNull();
  });

  it('opens a group by itself when navigation enters it', async () => {
    const router = renderSidebar('/', ROLE_PERMISSIONS.admin);
    await screen.findByTestId('sidebar');
    expect(groupButton('Booking Manager')).toHaveAttribute('aria-expanded', 'false');
    await act(async () => {
      router.history.push('/booking-details');
      await router.load();
    });
    expect(groupButton('Booking Manager')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Bookings' })).toHaveAttribute('aria-current', 'page');
  });

  it('expands and collapses groups', async () => {
    const user = userEvent.setup();
    renderSidebar('/', ROLE_PERMISSIONS.admin);
    await screen.findByTestId('sidebar');
    await user.click(groupButton('User Manager'));
    expect(groupButton('User Manager')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    await user.click(groupButton('User Manager'));
    expect(groupButton('User Manager')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
  });
});
