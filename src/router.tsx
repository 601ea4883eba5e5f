import { createRouter } from '@tanstack/react-router';
import { NotFoundPage } from '@/components/pages/NotFoundPage';
import { RouteErrorPage } from '@/components/pages/RouteErrorPage';
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
  defaultErrorComponent: RouteErrorPage,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
  parseSearch,
  stringifySearch,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
