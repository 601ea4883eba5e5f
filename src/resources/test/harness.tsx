/** Renders an area's pages in a memory router against a real local HTTP server (tests only). */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { NoticeHost } from '@/app/notify';
import { parseSearch, stringifySearch } from '@/lib/search-params';
import { areaPages } from '../screens';
import type { BaseRecord } from '../queries';
import { listSearch } from '@/lib/search-params';
import type { AreaConfig } from '../types';

export function renderArea<T extends BaseRecord>(area: AreaConfig<T>, initial: string) {
  const pages = areaPages(area);
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <NoticeHost dir="ltr" />
      </>
    ),
  });
  const list = createRoute({
    getParentRoute: () => root,
    path: area.paths.list,
    validateSearch: listSearch,
    component: pages.List,
  });
  const form = createRoute({
    getParentRoute: () => root,
    path: `${area.paths.list}/add/{-$id}`,
    component: pages.formPage(),
  });
  const router = createRouter({
    routeTree: root.addChildren([list, form]),
    history: createMemoryHistory({ initialEntries: [initial] }),
    parseSearch,
    stringifySearch,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { router, queryClient };
}

export const country = (id: number, en: string, ar: string, isoCode: string, version = 0) => ({
  id,
  version,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  name: { en, ar },
  isoCode,
  dialCode: '+966',
  active: true,
});
