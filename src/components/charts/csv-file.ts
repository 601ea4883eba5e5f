/** A chart's CSV file, written and saved (loaded by csv-download.ts when first asked for). */
import { csvText } from '@/contract/csv';
import { saveBlob } from '@/lib/transfer';
import type { CsvRows } from './csv-download';

export const saveCsv = (fileName: string, rows: CsvRows) =>
  saveBlob(new Blob([csvText(rows)], { type: 'text/csv;charset=utf-8' }), fileName);
