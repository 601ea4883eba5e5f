import { useState } from 'react';

/**
 * The rows a list has selected (docs/decisions/0021-bulk-actions-and-list-keyboard.md): some rows of
 * this page, or every record matching the list's filters and search ("all N matching"). It is
 * emptied when the view changes (page, sort, filters, search), so it always means what is shown.
 */
export interface Selection {
  /** Every record the filters and search match, on every page. */
  all: boolean;
  ids: ReadonlySet<number>;
  count: number;
  /**
   * Every matching record is selected and they are more than `count` (the list's count stopped at
   * its cap): the server counts them exactly when the action starts (its job's total).
   */
  countCapped: boolean;
  has(id: number): boolean;
  toggle(id: number): void;
  /** This page: all of it, or none when it is all selected already. */
  togglePage(ids: readonly number[]): void;
  selectAll(): void;
  clear(): void;
}

export function useSelection(total: number, viewKey: string, capped = false): Selection {
  const [state, setState] = useState<{ key: string; all: boolean; ids: ReadonlySet<number> }>({
    key: viewKey,
    all: false,
    ids: new Set(),
  });
  // Another view: the selection starts again (set during render, React's way to reset on a prop).
  const current = state.key === viewKey ? state : { key: viewKey, all: false, ids: new Set<number>() };
  if (current !== state) setState(current);
  const set = (all: boolean, ids: ReadonlySet<number>) => setState({ key: viewKey, all, ids });
  return {
    all: current.all,
    ids: current.ids,
    count: current.all ? total : current.ids.size,
    countCapped: current.all && capped,
    has: (id) => current.all || current.ids.has(id),
    toggle: (id) => {
      const ids = new Set(current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      set(false, ids);
    },
    togglePage: (ids) => {
      const every = ids.length > 0 && ids.every((id) => current.all || current.ids.has(id));
      set(false, every ? new Set() : new Set(ids));
    },
    selectAll: () => set(true, new Set()),
    clear: () => set(false, new Set()),
  };
}
