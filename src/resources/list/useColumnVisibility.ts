import type { ColumnVisibilityState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState, type SetStateAction } from 'react';
import type { BaseRecord } from '../queries';
import type { AreaConfig } from '../types';

const visibilityKey = (areaKey: string) => `columns:${areaKey}`;

type Columns = AreaConfig['columns'];

/** The width a column is taken to need before it has been drawn once (px, padding included). */
export const UNMEASURED_COLUMN_WIDTH = 120;

/** Which columns show when nothing is folded: all but those hidden until chosen. */
export function defaultVisibility(columns: Columns, folded: readonly string[] = []): ColumnVisibilityState {
  return Object.fromEntries(columns.map((c) => [c.id, !c.hiddenByDefault && !folded.includes(c.id)]));
}

/**
 * The columns to fold so that the shown ones fit in `room` px (docs/decisions/0082-dense-width-aware-tables.md):
 * `low` ones first, then `medium` ones, each from the end of the list; a column without a priority
 * (the name, the status) never folds, and neither does one the user chose to show (`kept`). Widths
 * are the columns' measured natural widths; a column never drawn counts UNMEASURED_COLUMN_WIDTH.
 */
export function columnsToFold(
  columns: Columns,
  shown: readonly string[],
  widths: Readonly<Record<string, number>>,
  room: number,
  kept: readonly string[] = [],
): string[] {
  const widthOf = (id: string) => widths[id] ?? UNMEASURED_COLUMN_WIDTH;
  let used = shown.reduce((sum, id) => sum + widthOf(id), 0);
  const order = (['low', 'medium'] as const).flatMap((priority) =>
    columns
      .filter((c) => c.priority === priority && shown.includes(c.id) && !kept.includes(c.id))
      .map((c) => c.id)
      .reverse(),
  );
  const folded: string[] = [];
  for (const id of order) {
    if (used <= room) break;
    folded.push(id);
    used -= widthOf(id);
  }
  return folded;
}

/** The user's own choices: the entries that differ from the defaults with nothing folded. */
function readChoices(areaKey: string, columns: Columns): ColumnVisibilityState {
  try {
    const raw = localStorage.getItem(visibilityKey(areaKey));
    if (!raw) return {};
    const stored = JSON.parse(raw) as ColumnVisibilityState;
    const widest = defaultVisibility(columns);
    // Earlier versions stored every column: only the differences from the defaults were choices.
    return Object.fromEntries(
      Object.entries(stored).filter(([id, shown]) => id in widest && widest[id] !== shown),
    );
  } catch {
    return {};
  }
}

/** What the table measured of itself (./useColumnFit.ts): its room and its columns' natural widths. */
export interface ColumnMeasure {
  room: number;
  widths: Record<string, number>;
}

/**
 * The column menu's state: the columns that fit the table's measured width (the lowest priority folds
 * first, ./ListTable.tsx measures), overridden by the user's choices, which are kept per area. When
 * the URL names the visible columns (a saved view or its link: ./view-state.ts), they are the state,
 * and a change is written to the URL.
 */
export function useColumnVisibility<T extends BaseRecord>(
  area: AreaConfig<T>,
  urlColumns?: string,
  setUrlColumns?: (columns: string) => void,
) {
  const { resource, columns } = area;
  const [choices, setChoices] = useState(() => readChoices(resource.key, columns as Columns));
  const [measure, setMeasure] = useState<ColumnMeasure | null>(null);
  const folded = useMemo(() => {
    if (!measure) return [];
    const widest = { ...defaultVisibility(columns as Columns), ...choices };
    const shown = columns.filter((c) => widest[c.id]).map((c) => c.id);
    const kept = Object.keys(choices).filter((id) => choices[id]);
    return columnsToFold(columns as Columns, shown, measure.widths, measure.room, kept);
  }, [measure, columns, choices]);
  const visibility = useMemo(
    () =>
      urlColumns === undefined
        ? { ...defaultVisibility(columns as Columns, folded), ...choices }
        : Object.fromEntries(columns.map((c) => [c.id, urlColumns.split(',').includes(c.id)])),
    [folded, choices, urlColumns, columns],
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
  return [visibility, setVisibility, setMeasure] as const;
}
