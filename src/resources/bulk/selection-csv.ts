import type { Language } from '@/contract';
import { downloadFile } from '@/lib/transfer';
import type { BaseRecord } from '../queries';
import { toExportQuery, type ListSearch } from '../search';
import type { AreaConfig } from '../types';
import type { Selection } from './useSelection';

/** A CSV cell: quoted, and a leading = + - @ defused (CSV injection, as the server's export). */
const cell = (value: unknown, language: Language): string => {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (Array.isArray(value)) text = value.map((v) => cell(v, language)).join(' | ');
  else if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    text = 'en' in o && 'ar' in o ? String(o[language] ?? '') : JSON.stringify(value);
  } else text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
  const keys = [...new Set(picked.flatMap((row) => Object.keys(row)))];
  const lines = [keys.join(','), ...picked.map((row) => keys.map((k) => cell(row[k], language)).join(','))];
  const blob = new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${resource.key}-selection.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
