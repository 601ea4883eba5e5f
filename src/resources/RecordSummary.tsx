import { useLingui } from '@lingui/react';
import type { Language } from '@/contract';
import { cardColumns } from './list/ListCards';
import type { BaseRecord } from './queries';
import type { AreaConfig } from './types';

/**
 * Under a read view's title, the record at a glance: its status and its key facts, the same ones its
 * card shows in a list on a phone (`area.card`, else the columns after the name).
 */
export function RecordSummary<T extends BaseRecord>({ area, row }: { area: AreaConfig<T>; row: T }) {
  const { i18n } = useLingui();
  const ctx = { i18n, language: i18n.locale as Language };
  const { status, fields } = cardColumns(area);
  if (!status && fields.length === 0) return null;
  return (
    <div
      className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300"
      data-testid="record-summary"
    >
      {status && <span>{status.cell(row, ctx)}</span>}
      {fields.map((column) => (
        <span key={column.id} className="inline-flex items-baseline gap-1">
          <span className="text-slate-500 dark:text-slate-400">{i18n._(column.header)}:</span>
          <span>{column.cell(row, ctx)}</span>
        </span>
      ))}
    </div>
  );
}
