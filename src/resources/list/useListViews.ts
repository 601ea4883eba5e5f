import { useEffect, useMemo, useRef } from 'react';
import type { Resource, SavedView } from '@/contract';
import type { ListSearch } from '../search';
import type { SetListSearch } from './useListSearch';
import { useSavedViews } from './useSavedViews';
import type { ViewNameValues } from './useViewNameForm';
import { COLUMNS_KEY, sameView, searchToState, stateToSearch } from './view-state';

/** The list's view as a saved state, the saved views, the active one, and how to apply one. */
export function useListViews(
  resource: Resource,
  search: ListSearch,
  setSearch: SetListSearch,
  fixed: Record<string, string> | undefined,
) {
  const saved = useSavedViews(resource);
  const current = useMemo(() => {
    const cols = search[COLUMNS_KEY];
    return searchToState(resource, search, fixed, typeof cols === 'string' ? cols.split(',') : undefined);
  }, [resource, search, fixed]);
  const list = saved.views.data ?? [];
  const active = list.find((view) => sameView(stateToSearch(view.state), stateToSearch(current)));
  const apply = (view: SavedView | null, replace = false) => {
    const cleared = Object.fromEntries(
      Object.keys(search)
        .filter((key) => !(fixed && key in fixed))
        .map((key) => [key, undefined]),
    );
    setSearch({ ...cleared, ...(view ? stateToSearch(view.state) : {}), page: undefined }, { replace });
  };
  useDefaultView(list, search, fixed, (view) => apply(view, true));
  /** Saves the current view; the saved view is then the one shown (its columns join the URL). */
  const saveAs = (values: ViewNameValues, columns: string[] | undefined) =>
    saved.create
      .mutateAsync({
        ...values,
        state: { ...current, ...(current.columns ? {} : withColumns(columns)) },
      })
      .then((answer) => apply(answer.data as SavedView, true));
  return { ...saved, current, list, active, apply, saveAs };
}

const withColumns = (columns: string[] | undefined) => (columns?.length ? { columns } : {});

/** Applies the user's default view once, when the list was opened without parameters. */
function useDefaultView(
  views: SavedView[],
  search: ListSearch,
  fixed: Record<string, string> | undefined,
  apply: (view: SavedView) => void,
) {
  const isBare = Object.keys(search).every((key) => fixed && key in fixed);
  const pending = useRef(isBare);
  useEffect(() => {
    if (!pending.current) return;
    if (!isBare) {
      pending.current = false;
      return;
    }
    const view = views.find((v) => v.mine && v.isDefault);
    if (!view) return;
    pending.current = false;
    apply(view);
  });
}
