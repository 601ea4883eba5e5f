/**
 * A list's view as a saved view's `state` and back (docs/decisions/0022-saved-views.md). The URL
 * keeps the view in its wire form (resources/search.ts), plus `cols`: the visible columns,
 * comma-separated, present only when a view or a link chose them, and `view`: the list's other layout.
 */
import type { ListLayout, Resource, ViewState } from '@/contract';
import type { ListSearch } from '../search';

/** The URL key of the visible columns. */
export const COLUMNS_KEY = 'cols';
/** The URL key of the list's layout besides its table (`view=calendar`, docs/decisions/0070-the-events-calendar.md). */
export const LAYOUT_KEY = 'view';

/** The URL's layout, when it is one of this list's; else none (the table). */
export const urlLayout = (resource: Pick<Resource, 'layouts'>, raw: unknown): ListLayout | undefined =>
  (resource.layouts ?? []).find((layout) => layout === raw);

/** The URL's visible columns, when they are all columns of this list; else none. */
export const urlColumns = (resource: Pick<Resource, 'columns'>, raw: unknown): string[] | undefined => {
  if (typeof raw !== 'string' || !raw) return undefined;
  const ids = raw.split(',');
  const known = resource.columns;
  return ids.every((id) => known.includes(id)) && new Set(ids).size === ids.length ? ids : undefined;
};

const filterKeys = (resource: Pick<Resource, 'filters'>) => Object.keys(resource.filters.shape);

/** The state to save of a view: its search, sort, page size, filters (not the page's fixed ones) and columns. */
export function searchToState(
  resource: Pick<Resource, 'filters' | 'key' | 'layouts'>,
  search: ListSearch,
  fixed: Record<string, string> | undefined,
  columns: string[] | undefined,
): ViewState {
  const state: ViewState = {};
  if (search.q) state.q = search.q;
  if (search.sort) state.sort = search.sort;
  if (search.order) state.order = search.order;
  if (search.pageSize) state.pageSize = search.pageSize;
  const filters: Record<string, string> = {};
  for (const key of filterKeys(resource)) {
    const value = search[key];
    if (value !== undefined && value !== '' && !(fixed && key in fixed)) filters[key] = String(value);
  }
  if (Object.keys(filters).length) state.filters = filters;
  if (columns?.length) state.columns = columns;
  const layout = urlLayout(resource, search[LAYOUT_KEY]);
  if (layout) state.view = layout;
  return state;
}

/** The URL search of a saved state (the list checks each value again, as for any link). */
export function stateToSearch(state: ViewState): ListSearch {
  return {
    q: state.q,
    sort: state.sort,
    order: state.order,
    pageSize: state.pageSize,
    ...state.filters,
    [COLUMNS_KEY]: state.columns?.join(','),
    [LAYOUT_KEY]: state.view,
  };
}

/** The same view (ignoring the page and values left unset). */
export function sameView(a: ListSearch, b: ListSearch): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('page');
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
}
