import { useId, useRef } from 'react';
import { PHONE_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { useListBulk } from '../bulk/ListBulk';
import { useNotSavedHere } from '../NotSavedHere';
import type { BaseRecord } from '../queries';
import type { AreaConfig } from '../types';
import { useListDensity } from './useListDensity';
import { useListState } from './useListState';

/**
 * The list page's state (./useListState.ts) and what the page makes of it: the filters shown, the
 * heading, the rows shown ("from–to of total"), whether it is saved offline, the selection and the
 * rows' density (the user's own preference).
 */
export function useListPage<T extends BaseRecord>(
  area: AreaConfig<T>,
  fixed: Record<string, string> | undefined,
  heading: string | undefined,
) {
  const state = useListState(area, fixed);
  const phone = useMediaQuery(PHONE_QUERY);
  const density = useListDensity();
  const { i18n, actionContext, search, list, table, pageSize, pageIndex, total, capped } = state;

  const createPath = area.canCreate?.(actionContext) === false ? undefined : area.paths.create;
  const { layout } = state;
  const filters = (area.filters ?? []).filter(
    (filter) =>
      !(fixed && filter.key in fixed) &&
      (filter.visible?.(actionContext) ?? true) &&
      !layout?.page.hides?.includes(filter.key),
  );
  const title = heading ?? i18n._(area.title);
  const headingId = useId();
  const from = total === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(total, (pageIndex + 1) * pageSize);
  const notSaved = useNotSavedHere(list);
  const sectionRef = useRef<HTMLElement | null>(null);
  const bulk = useListBulk(area, sectionRef, {
    rows: list.data?.items ?? [],
    total,
    capped,
    search,
    viewKey: JSON.stringify(search),
    page: pageIndex + 1,
    pageCount: state.pageCount,
    setPage: (page) => table.setPageIndex(page - 1),
    boxInHeader: !phone,
  });
  return {
    state,
    phone,
    createPath,
    filters,
    title,
    headingId,
    from,
    to,
    notSaved,
    sectionRef,
    bulk,
    layout,
    density,
  };
}
