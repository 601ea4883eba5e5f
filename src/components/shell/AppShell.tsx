/**
 * The signed-in shell (docs/product.md §2): header, sidebar (a drawer on phones), and the page. Fetches the role
 * and permission list; while they are unknown the sidebar says "Loading" and the page waits behind the
 * full-page spinner (grant nothing while the role loads, docs/architecture.md §4). A page whose permission the
 * user lacks shows "no access".
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { OWNER_ROLE } from '@/contract/plain';
import { routes } from '@/contract/routes.gen';
import { ConnectionBanner } from '@/components/ConnectionBanner';
import { NoAccessPage } from '@/components/error-pages/NoAccessPage';
import { Sidebar } from '@/components/Sidebar';
import { Alert, Button, FullPageSpinner } from '@/components/ui';
import { call, errorMessage } from '@/lib/api';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import { homeOf, ownerMayOpen, permissionForPath } from '@/app/navigation';
import { storeRole, useSession } from '@/app/session';
import { Header } from './Header';

const MobileDrawer = lazy(() =>
  import('./MobileDrawer').then((module) => ({ default: module.MobileDrawer })),
);

const roleQueryKey = (email: string) => ['session', 'role', email] as const;

/** Fetches the role and permissions and stores them in the session keys. */
function useRoleQuery() {
  const { email, loginToken } = useSession();
  return useQuery({
    queryKey: roleQueryKey(email),
    queryFn: async ({ signal }) => {
      const answer = await call(routes.role, { signal });
      await storeRole(answer.data, answer.permissions);
      return answer;
    },
    enabled: Boolean(loginToken),
    meta: { persist: false },
    staleTime: 60_000,
  });
}

/** The desktop sidebar's open or collapsed state stays on the device, as the user left it. */
const SIDEBAR_KEY = 'ebo.sidebarOpen';
function readSidebarOpen(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_KEY) !== 'false';
  } catch {
    return true;
  }
}
function useDesktopSidebar(): [boolean, () => void] {
  const [open, setOpen] = useState(readSidebarOpen);
  const toggle = () => {
    setOpen(!open);
    try {
      localStorage.setItem(SIDEBAR_KEY, String(!open));
    } catch {
      // No storage: the choice lasts for this page only.
    }
  };
  return [open, toggle];
}

/**
 * The page's part of the shell. It names the history entry it shows once the router has resolved it
 * (`data-location-key`): what follows a navigation (a test, an extension) can tell that it has landed
 * without watching for a screen's content.
 */
function Main({ children }: { children: React.ReactNode }) {
  const shownKey = useRouterState({ select: (state) => state.resolvedLocation?.state.__TSR_key });
  return (
    <main
      id="main"
      tabIndex={-1}
      data-location-key={shownKey}
      className="min-w-0 flex-1 p-4 outline-none sm:p-6 print:p-0"
    >
      {children}
    </main>
  );
}

export function AppShell() {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const session = useSession();
  const role = useRoleQuery();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [desktopOpen, toggleDesktop] = useDesktopSidebar();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's module loads with its first opening.
  const drawerMounted = useOpenedOnce(drawerOpen);
  const sidebarId = useId();

  const permissions = session.permissions;
  const sidebarOpen = isDesktop ? desktopOpen : drawerOpen;
  const toggleSidebar = () => (isDesktop ? toggleDesktop() : setDrawerOpen((v) => !v));

  const needed = permissionForPath(pathname);
  let content: React.ReactNode;
  if (permissions === null) {
    content =
      role.isError && !role.isFetching ? (
        <div className="mx-auto max-w-lg p-6">
          <Alert kind="error">
            <p className="font-semibold">{i18n._(msg`Your permissions could not be loaded.`)}</p>
            <p className="mt-1">{errorMessage(role.error)}</p>
            <Button className="mt-3" onClick={() => void role.refetch()}>
              {i18n._(msg`Try again`)}
            </Button>
          </Alert>
        </div>
      ) : (
        <FullPageSpinner inline />
      );
  } else if (pathname === '/' && homeOf(permissions) !== '/') {
    // A door-only account lands on its doors.
    content = <Navigate to={homeOf(permissions)} replace />;
  } else if (
    needed &&
    !permissions.includes(needed) &&
    !(session.role === OWNER_ROLE && ownerMayOpen(pathname))
  ) {
    content = <NoAccessPage />;
  } else {
    content = <Outlet />;
  }

  const sidebar = (
    <Sidebar {...{ pathname, permissions }} role={session.role} onNavigate={() => setDrawerOpen(false)} />
  );

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-indigo-600 px-3 py-2 text-white focus:not-sr-only focus:absolute focus:start-2 focus:top-2"
      >
        {i18n._(msg`Skip to content`)}
      </a>
      <Header sidebarId={sidebarId} sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar} />
      <ConnectionBanner />
      <div className="flex flex-1">
        {isDesktop
          ? desktopOpen && (
              <aside
                id={sidebarId}
                className="sticky top-16 h-[calc(100dvh-4rem)] w-64 shrink-0 overflow-y-auto border-e print:hidden border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
              >
                {sidebar}
              </aside>
            )
          : drawerMounted && (
              <Suspense fallback={null}>
                <MobileDrawer id={sidebarId} open={drawerOpen} onOpenChange={setDrawerOpen}>
                  {sidebar}
                </MobileDrawer>
              </Suspense>
            )}
        <Main>{content}</Main>
      </div>
    </div>
  );
}
