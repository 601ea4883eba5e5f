import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui';
import { csvText } from '@/contract/csv';
import type { ImportField, ImportReport } from '@/contract/import';
import { saveBlob } from '@/lib/transfer';

/** The whole file's report as CSV: each refused row's line, field and reason. */
const reportCsv = (report: ImportReport, fields: ImportField[], lang: 'en' | 'ar', head: string[]) =>
  csvText([
    head,
    ...report.refusals.flatMap((r) =>
      Object.entries(r.errors).map(([key, reason]) => [
        r.line,
        fields.find((f) => f.key === key)?.label[lang] ?? '',
        reason,
      ]),
    ),
  ]);

/** The dry run's counts, its report to download, and the first rows as they will be saved. */
export function ImportPreview({
  report,
  fields,
  lang,
  name,
}: {
  report: ImportReport;
  fields: ImportField[];
  lang: 'en' | 'ar';
  name: string;
}) {
  const { i18n } = useLingui();
  const shown = fields.filter((f) => report.mapping[f.key] !== undefined);
  const download = () =>
    saveBlob(
      new Blob(
        [reportCsv(report, fields, lang, [i18n._(msg`Line`), i18n._(msg`Field`), i18n._(msg`Reason`)])],
        {
          type: 'text/csv;charset=utf-8',
        },
      ),
      `${name}-import-report.csv`,
    );
  return (
    <section className="space-y-3" data-testid="import-preview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm" data-testid="import-summary">
          {i18n._(
            msg`${i18n.number(report.total)} rows: ${i18n.number(report.valid)} valid, ${i18n.number(report.refused)} refused, ${i18n.number(report.updates)} update a record.`,
          )}
        </p>
        <Button variant="secondary" onClick={download} disabled={!report.refused} data-testid="import-report">
          <Download aria-hidden="true" className="size-4" />
          {i18n._(msg`Download the report`)}
        </Button>
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
        <table className="min-w-full text-sm">
          <thead className="bg-slate-50 dark:bg-slate-800">
            <tr>
              <th className="px-2 py-1 text-start font-medium">{i18n._(msg`Line`)}</th>
              {shown.map((f) => (
                <th key={f.key} className="px-2 py-1 text-start font-medium whitespace-nowrap">
                  {f.label[lang]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.preview.map((row) => (
              <PreviewRow key={row.line} row={row} shown={shown} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One row as it will be saved, each refused cell with its reason in place. */
function PreviewRow({ row, shown }: { row: ImportReport['preview'][number]; shown: ImportField[] }) {
  const { i18n } = useLingui();
  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-700">
      <td className="px-2 py-1 tabular-nums">
        {i18n.number(row.line)}
        {row.update && <span className="ms-1 text-xs text-indigo-600">{i18n._(msg`update`)}</span>}
        {row.errors._row && <p className="text-xs text-red-700 dark:text-red-400">{row.errors._row}</p>}
      </td>
      {shown.map((f) => {
        const error = row.errors[f.key];
        return (
          <td
            key={f.key}
            className={error ? 'bg-red-50 px-2 py-1 dark:bg-red-950' : 'px-2 py-1'}
            data-error={error ? 'true' : undefined}
          >
            <span className="block max-w-48 truncate" dir="auto">
              {row.values[f.key]}
            </span>
            {error && <span className="block text-xs text-red-700 dark:text-red-400">{error}</span>}
          </td>
        );
      })}
    </tr>
  );
}
