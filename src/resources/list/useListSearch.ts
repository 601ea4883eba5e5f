import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import type { Resource } from '@/contract';
import { listSearchValidator, type ListSearch } from '../search';
import { COLUMNS_KEY, LAYOUT_KEY, urlColumns, urlLayout } from './view-state';

/** The same list view (keys with no value do not count). */
const sameSearch = (a: ListSearch, b: ListSearch): boolean => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
};

/**
 * Writes the list view into the URL (pushes a history entry unless `replace`); `clean` keeps the
 * valid values of the current URL (the others are dropped from it).
 */
function useSetListSearch(clean: (search: ListSearch) => ListSearch = (search) => search) {
  const navigate = useNavigate();
  return (patch: Partial<ListSearch>, { replace = false }: { replace?: boolean } = {}) =>
    void navigate({
      to: '.',
      replace,
      search: ((prev: ListSearch) => {
        const next: ListSearch = { ...clean(prev), ...patch };
        for (const key of Object.keys(next))
          if (next[key] === undefined || next[key] === '') delete next[key];
        return next;
      }) as never,
    });
}

/** The list view of the URL, checked against the resource, with the page's fixed filters. */
export function useListSearch(resource: Resource, fixed: Record<string, string> | undefined) {
  const urlSearch = useSearch({ strict: false }) as ListSearch;
  // The route keeps the URL's values as they are: this list checks them against its resource.
  const cleanSearch = useMemo(() => {
    const clean = listSearchValidator(resource);
    // The visible columns, when a view or a link chose them, and the layout (./view-state.ts).
    return (raw: ListSearch): ListSearch => {
      const columns = urlColumns(resource, raw[COLUMNS_KEY]);
      const layout = urlLayout(resource, raw[LAYOUT_KEY]);
      return {
        ...clean(raw),
        ...(columns && { [COLUMNS_KEY]: columns.join(',') }),
        ...(layout && { [LAYOUT_KEY]: layout }),
      };
    };
  }, [resource]);
  const view = useMemo(() => cleanSearch(urlSearch), [cleanSearch, urlSearch]);
  const search = useMemo(() => ({ ...view, ...fixed }), [view, fixed]);
  const setSearch = useSetListSearch(cleanSearch);
  // Invalid values and defaults leave the address bar (a shared link shows the view it opens).
  const urlIsClean = sameSearch(urlSearch, view);
  useEffect(() => {
    if (!urlIsClean) setSearch({}, { replace: true });
  });
  return { search, setSearch };
}

export type SetListSearch = ReturnType<typeof useSetListSearch>;
