/**
 * A chart's figures as a CSV file (docs/decisions/0068-dashboards-over-a-period.md), written by the
 * app's one CSV writer (src/contract/csv.ts: UTF-8 with a byte-order mark, formula injection
 * guarded), loaded when first asked for.
 */
export type CsvRows = (string | number)[][];

export async function downloadCsv(fileName: string, rows: CsvRows) {
  (await import('./csv-file')).saveCsv(fileName, rows);
}
