import './styles.css';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterFirstScreen, firstScreenCommitted, holdUntilFirstScreen } from '@/app/first-screen';
import {
  activateLanguage,
  applyDocumentLanguage,
  FORMAT_LOCALES,
  i18n,
  prefetchCatalog,
  wantCatalog,
} from '@/app/i18n';
import { signedInCatalog } from '@/app/signed-in-catalog';
import { showFlashNotice } from '@/app/language';
import { hydrateSession } from '@/app/session';
import { initTheme } from '@/app/theme';
import { connectApi } from '@/app/api-setup';
import { router } from './router';

initTheme();

/**
 * The first screen's parts load beside the catalog instead of after the first render: one round trip
 * less before the page shows (docs/decisions/0010-signed-in-first-load.md). They are the route components of the address, or those of
 * /login for a signed-out visit to the app and of / for a signed-in visit to the sign-in screens (where
 * the routes' beforeLoad sends them).
 */
function preloadFirstScreen(signedIn: boolean) {
  const routesOf = (path: string) => router.getMatchedRoutes(path)[0];
  let routes = routesOf(router.latestLocation.pathname);
  const inApp = routes.some((route) => route.id === '/_app');
  const signInScreen = routes.some((route) => route.id === '/login' || route.id === '/registration');
  if (inApp && !signedIn) routes = routesOf('/login');
  else if (signInScreen && signedIn) routes = routesOf('/');
  for (const route of routes) {
    const component = route.options.component as { preload?: () => Promise<unknown> } | undefined;
    component?.preload?.().catch(() => undefined); // A failure shows when the route renders.
  }
}

/** Rendered beside the router: its effect runs with the first screen's commit. */
function FirstScreen() {
  useEffect(firstScreenCommitted, []);
  return null;
}

async function boot() {
  // Requests and the service worker wait until the first screen is shown (app/first-screen.ts).
  holdUntilFirstScreen();
  // Session, permissions and language come from IndexedDB before the first render (the boot spinner
  // of index.html shows meanwhile); <html lang dir> are set before anything is painted in the language.
  const session = await hydrateSession();
  applyDocumentLanguage(session.language);
  preloadFirstScreen(Boolean(session.loginToken));
  // The first number formatter of a page loads the language's number data, tens of milliseconds on a
  // phone: built while the catalog and the screen's parts download, not in the first render (docs/decisions/0010-signed-in-first-load.md).
  // Two tasks, each short enough not to hold up input.
  const locales = FORMAT_LOCALES[session.language];
  setTimeout(() => new Intl.NumberFormat(locales).format(0), 0);
  setTimeout(() => new Intl.PluralRules(locales).select(0), 0);
  // A signed-out visit loads the sign-in screens' messages only (docs/decisions/0066-the-sign-in-catalog.md),
  // a signed-in one the shell's for the dashboard, every screen's for any other
  // (docs/decisions/0069-the-shell-catalog.md).
  if (session.loginToken) wantCatalog(signedInCatalog(router.latestLocation.pathname));
  await activateLanguage(session.language);

  connectApi(() => {
    void router.navigate({ to: '/login' });
  });
  // The address's route is resolved (its parts, the signed-in shell's cached data) before the first
  // render, so that the first screen renders in one time-sliced pass, not in a router update, which
  // React renders in one blocking task (docs/decisions/0010-signed-in-first-load.md).
  await router.load();

  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html');
  const root = createRoot(container);
  // Rendered in slices that give way to input and paint (a transition), not in one long task: the
  // first screen is the biggest render of a visit (docs/decisions/0010-signed-in-first-load.md).
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
          <FirstScreen />
        </I18nProvider>
      </StrictMode>,
    ),
  );
  showFlashNotice();

  // Every screen's messages arrive while the dashboard is read, so the next screen opens at once.
  if (session.loginToken) void afterFirstScreen().then(() => prefetchCatalog('messages'));

  if (import.meta.env.PROD) {
    void afterFirstScreen()
      .then(() => import('./pwa/register'))
      .then(({ registerServiceWorker }) => registerServiceWorker());
  }
}

void boot();
