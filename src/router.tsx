import { createRouter } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { RouteErrorPage } from '@/components/error-pages/RouteErrorPage';
import { FullPageSpinner } from '@/components/ui';
import { parseSearch, stringifySearch } from '@/lib/search-params';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  basepath: '/admin',
  defaultPreload: 'intent',
  defaultPendingComponent: () => <FullPageSpinner inline />,
  defaultPendingMs: 150,
  defaultPendingMinMs: 300,
  // The error page stays in the entry: it is what shows when a chunk cannot be loaded.
  defaultErrorComponent: RouteErrorPage,
  defaultNotFoundComponent: lazyPage(() => import('@/components/error-pages/NotFoundPage'), 'NotFoundPage'),
  scrollRestoration: true,
  parseSearch,
  stringifySearch,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
