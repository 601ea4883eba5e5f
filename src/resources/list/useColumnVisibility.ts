import type { ColumnVisibilityState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState, type SetStateAction } from 'react';
import { LOW_COLUMNS_QUERY, MEDIUM_COLUMNS_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import type { BaseRecord } from '../queries';
import type { AreaConfig } from '../types';

const visibilityKey = (areaKey: string) => `columns:${areaKey}`;

type Columns = AreaConfig['columns'];

/** Which columns show by default at this width (docs/product.md §2 lists: priorities fold first). */
export function defaultVisibility(
  columns: Columns,
  { medium, low }: { medium: boolean; low: boolean },
): ColumnVisibilityState {
  return Object.fromEntries(
    columns.map((c) => [
      c.id,
      !c.hiddenByDefault && (c.priority === 'low' ? low : c.priority === 'medium' ? medium : true),
    ]),
  );
}

/** The user's own choices: the entries that differ from the widest defaults. */
function readChoices(areaKey: string, columns: Columns): ColumnVisibilityState {
  try {
    const raw = localStorage.getItem(visibilityKey(areaKey));
    if (!raw) return {};
    const stored = JSON.parse(raw) as ColumnVisibilityState;
    const widest = defaultVisibility(columns, { medium: true, low: true });
    // Earlier versions stored every column: only the differences from the defaults were choices.
    return Object.fromEntries(
      Object.entries(stored).filter(([id, shown]) => id in widest && widest[id] !== shown),
    );
  } catch {
    return {};
  }
}

/**
 * The column menu's state: the defaults of this width (low-priority columns fold first), overridden by
 * the user's choices, which are kept per area. When the URL names the visible columns (a saved view
 * or its link: ./view-state.ts), they are the state, and a change is written to the URL.
 */
export function useColumnVisibility<T extends BaseRecord>(
  area: AreaConfig<T>,
  urlColumns?: string,
  setUrlColumns?: (columns: string) => void,
) {
  const { resource, columns } = area;
  const medium = useMediaQuery(MEDIUM_COLUMNS_QUERY);
  const low = useMediaQuery(LOW_COLUMNS_QUERY);
  const defaults = useMemo(
    () => defaultVisibility(columns as Columns, { medium, low }),
    [columns, medium, low],
  );
  const [choices, setChoices] = useState(() => readChoices(resource.key, columns as Columns));
  const visibility = useMemo(
    () =>
      urlColumns === undefined
        ? { ...defaults, ...choices }
        : Object.fromEntries(columns.map((c) => [c.id, urlColumns.split(',').includes(c.id)])),
    [defaults, choices, urlColumns, columns],
  );
  useEffect(() => {
    try {
      localStorage.setItem(visibilityKey(resource.key), JSON.stringify(choices));
    } catch {
      // Not kept: the choice still applies in this tab.
    }
  }, [choices, resource.key]);
  const setVisibility = useCallback(
    (update: SetStateAction<ColumnVisibilityState>) => {
      const next = typeof update === 'function' ? update(visibility) : update;
      const changed = Object.entries(next).filter(([id, shown]) => visibility[id] !== shown);
      if (!changed.length) return;
      if (urlColumns !== undefined && setUrlColumns) {
        const shown = { ...visibility, ...Object.fromEntries(changed) };
        setUrlColumns(
          columns
            .filter((c) => shown[c.id])
            .map((c) => c.id)
            .join(','),
        );
      } else setChoices((prev) => ({ ...prev, ...Object.fromEntries(changed) }));
    },
    [visibility, urlColumns, setUrlColumns, columns],
  );
  return [visibility, setVisibility] as const;
}
