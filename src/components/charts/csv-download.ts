/**
 * A chart's figures as a CSV file (docs/decisions/0068-dashboards-over-a-period.md), written by the
 * app's one CSV writer (src/contract/csv.ts: UTF-8 with a byte-order mark, formula injection
 * guarded), both loaded when first asked for.
 */
export type CsvRows = (string | number)[][];

export async function downloadCsv(fileName: string, rows: CsvRows) {
  const [{ csvText }, { saveBlob }] = await Promise.all([import('@/contract/csv'), import('@/lib/transfer')]);
  saveBlob(new Blob([csvText(rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}
