import type { Language } from '@/contract';
import { csvText } from '@/contract/csv';
import { downloadFile } from '@/lib/transfer';
import type { BaseRecord } from '../queries';
import { toExportQuery, type ListSearch } from '../search';
import type { AreaConfig } from '../types';
import type { Selection } from './useSelection';

/** A record's value as the text of its cell: a name in the reader's language, a list joined with " | ". */
const cellText = (value: unknown, language: Language): string | number | boolean | null => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => cellText(v, language) ?? '').join(' | ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return 'en' in o && 'ar' in o ? String(o[language] ?? '') : JSON.stringify(value);
  }
  return typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
};

/**
 * The picked rows as CSV, written as the server writes its exports (src/contract/csv.ts): one column
 * per field any of them has.
 */
export const selectionCsv = (picked: readonly Record<string, unknown>[], language: Language): string => {
  const keys = [...new Set(picked.flatMap((row) => Object.keys(row)))];
  return csvText([keys, ...picked.map((row) => keys.map((k) => cellText(row[k], language)))]);
};

/**
 * The selection as CSV: "all matching" is the server's export of the list's filters (every page);
 * rows picked on this page are written here from their records (UTF-8 with BOM, as the server's).
 */
export async function downloadSelectionCsv<T extends BaseRecord>(
  area: AreaConfig<T>,
  rows: readonly T[],
  selection: Selection,
  search: ListSearch,
  language: Language,
) {
  const { resource } = area;
  if (selection.all) {
    await downloadFile(
      resource.endpoints.export.path,
      toExportQuery(resource, search),
      `${resource.key}.csv`,
    );
    return;
  }
  const picked = rows.filter((row) => selection.has(row.id)) as unknown as Record<string, unknown>[];
  const blob = new Blob([selectionCsv(picked, language)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${resource.key}-selection.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
