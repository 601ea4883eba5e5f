import type { ColumnVisibilityState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState, type SetStateAction } from 'react';
import type { BaseRecord } from '../queries';
import type { AreaConfig } from '../types';

const visibilityKey = (areaKey: string) => `columns:${areaKey}`;

type Columns = AreaConfig['columns'];

/** The width a column is taken to need before it has been drawn once (px, padding included). */
const UNMEASURED_COLUMN_WIDTH = 120;
/** The most a cell after the first takes (px: 16rem of content, padding included), … */
export const CELL_MAX = 256 + 24;
/** … and the least a cell whose text is cut short may be squeezed to (px, padding included). */
export const CELL_FLOOR = 152 + 24;

/** Which columns show when nothing is folded: all but those hidden until chosen. */
export function defaultVisibility(columns: Columns, folded: readonly string[] = []): ColumnVisibilityState {
  return Object.fromEntries(columns.map((c) => [c.id, !c.hiddenByDefault && !folded.includes(c.id)]));
}

/**
 * The columns to fold so that the shown ones fit in `room` px (docs/decisions/0082-dense-width-aware-tables.md):
 * `low` ones first, then `medium` ones, each from the end of the list; a column without a priority
 * (the name, the status) never folds, and neither does one the user chose to show (`kept`). Widths
 * are what the columns want (their natural widths, CELL_MAX when cut short; a column never drawn
 * counts UNMEASURED_COLUMN_WIDTH); every column but the first may be squeezed to CELL_FLOOR.
 */
export function columnsToFold(
  columns: Columns,
  shown: readonly string[],
  widths: Readonly<Record<string, number>>,
  room: number,
  kept: readonly string[] = [],
): string[] {
  const least = (id: string) => {
    const want = widths[id] ?? UNMEASURED_COLUMN_WIDTH;
    return id === columns[0]?.id ? want : Math.min(want, CELL_FLOOR);
  };
  let used = shown.reduce((sum, id) => sum + least(id), 0);
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
    used -= least(id);
  }
  return folded;
}

/**
 * The most each cell after the first may take (px, padding included) so that the shown columns fill
 * `room`: the narrow ones keep their width, the wide ones share what is left alike, never less than
 * CELL_FLOOR nor more than CELL_MAX.
 */
export function cellCap(
  shown: readonly string[],
  widths: Readonly<Record<string, number>>,
  room: number,
  first: string | undefined,
): number {
  const wants = shown
    .filter((id) => id !== first)
    .map((id) => widths[id] ?? UNMEASURED_COLUMN_WIDTH)
    .sort((a, b) => a - b);
  let left = room - (first ? (widths[first] ?? UNMEASURED_COLUMN_WIDTH) : 0);
  for (const [index, want] of wants.entries()) {
    const share = left / (wants.length - index);
    if (want > share) return Math.max(CELL_FLOOR, Math.min(CELL_MAX, Math.floor(share)));
    left -= want;
  }
  return CELL_MAX;
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
  // What each cell may take, so that the shown columns fill the room (none before a measure).
  const cap = useMemo(() => {
    if (!measure) return CELL_MAX;
    const shown = columns.filter((c) => visibility[c.id]).map((c) => c.id);
    return cellCap(shown, measure.widths, measure.room, columns[0]?.id);
  }, [measure, columns, visibility]);
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
  return [visibility, setVisibility, setMeasure, cap] as const;
}
