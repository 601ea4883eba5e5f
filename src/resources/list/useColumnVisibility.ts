import type { ColumnVisibilityState } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import type { BaseRecord } from '../queries';
import type { AreaConfig } from '../types';

const visibilityKey = (areaKey: string) => `columns:${areaKey}`;

function readVisibility(areaKey: string, defaults: ColumnVisibilityState): ColumnVisibilityState {
  try {
    const raw = localStorage.getItem(visibilityKey(areaKey));
    if (raw) return { ...defaults, ...(JSON.parse(raw) as ColumnVisibilityState) };
  } catch {
    // No storage or a broken entry: the defaults.
  }
  return defaults;
}

/** The column menu's choice, kept per area. */
export function useColumnVisibility<T extends BaseRecord>(area: AreaConfig<T>) {
  const { resource } = area;
  const defaults = useMemo(
    () => Object.fromEntries(area.columns.map((c) => [c.id, !c.hiddenByDefault])) as ColumnVisibilityState,
    [area.columns],
  );
  const [columnVisibility, setColumnVisibility] = useState(() => readVisibility(resource.key, defaults));
  useEffect(() => {
    try {
      localStorage.setItem(visibilityKey(resource.key), JSON.stringify(columnVisibility));
    } catch {
      // Not kept: the choice still applies in this tab.
    }
  }, [columnVisibility, resource.key]);
  return [columnVisibility, setColumnVisibility] as const;
}
