import type { BaseRecord } from '../queries';
import type { AreaConfig } from '../types';

/** Where a record's name leads: its details, else its edit form (when it can still be edited). */
export function recordPath<T extends BaseRecord>(area: AreaConfig<T>, row: T): string | undefined {
  if (area.paths.details) return area.paths.details(row.id);
  if (area.paths.edit && (area.canEdit?.(row) ?? true)) return area.paths.edit(row.id, row);
  return undefined;
}
