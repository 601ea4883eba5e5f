/**
 * Reading an imported file row by row (docs/decisions/0073-import-from-files.md): a CSV through
 * csv-parse's stream (its delimiter sniffed from the first line among , ; tab |, UTF-8 with or
 * without a BOM, checked as it is decoded), or an .xlsx through ExcelJS's streaming WorkbookReader,
 * its first sheet only, after its zip's central directory has been read and found within bounds
 * (no zip bomb reaches the inflater). Formula cells are read as their text. A broken file answers
 * 422 naming the line.
 *
 * ExcelJS (with its zip readers and writers, some 600 files) is loaded at the first .xlsx read, not
 * when the server starts (docs/decisions/0092-rare-libraries-load-when-first-used.md).
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { HttpError } from '../core/errors';
import { smsg } from '../core/messages';

export interface FileRow {
  /** The line (CSV) or row (sheet) number, 1 for the header. */
  line: number;
  cells: string[];
}

type Broken = 'importBadEncoding' | 'importBadQuotes' | 'importBadXlsx' | 'importZipBomb';
const broken = (line: number, what: Broken) =>
  new HttpError(422, smsg(what, { line }), { file: smsg(what, { line }) });

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter the first line uses most, outside quotes. */
const sniffDelimiter = (firstLine: string) => {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
};

/** The file's text, decoded as UTF-8 as it streams; a byte sequence that is not UTF-8 names its line. */
async function* utf8Text(file: File): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let lines = 1;
  for await (const chunk of file.stream() as unknown as AsyncIterable<Uint8Array>) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      // The bad bytes are in this chunk: its line is counted up to the first of them.
      const head = new TextDecoder('utf-8').decode(chunk);
      throw broken(
        lines + (head.slice(0, head.indexOf('\uFFFD')).match(/\n/g)?.length ?? 0),
        'importBadEncoding',
      );
    }
    lines += text.match(/\n/g)?.length ?? 0;
    yield text;
  }
  const rest = (() => {
    try {
      return decoder.decode();
    } catch {
      throw broken(lines, 'importBadEncoding');
    }
  })();
  if (rest) yield rest;
}

async function* csvRows(file: File): AsyncGenerator<FileRow> {
  const text = utf8Text(file);
  const first = await text.next();
  if (first.done) return;
  const head = first.value.replace(/^\uFEFF/, '');
  const delimiter = sniffDelimiter(head.split(/\r?\n/, 1)[0]!);
  const parser = parse({ delimiter, relax_column_count: true, skip_empty_lines: true, info: true });
  const feed = async () => {
    parser.write(head);
    for await (const chunk of text)
      if (!parser.write(chunk)) await new Promise((r) => parser.once('drain', r));
    parser.end();
  };
  const fed = feed().catch((err: unknown) => parser.destroy(err as Error));
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>)
      yield { line: info.lines, cells: record };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const lines = (err as { lines?: number }).lines ?? 0;
    throw broken(lines, 'importBadQuotes');
  }
  await fed;
}

/* --------------------------------------------------------------------- xlsx */

/** The bounds an .xlsx's zip must keep: its parts' inflated size together, and each part's ratio. */
const ZIP_MAX_INFLATED = 400 * 1024 * 1024;
const ZIP_MAX_RATIO = 200;
const ZIP_MAX_ENTRIES = 10_000;

/**
 * Reads the zip's central directory (from its end record) and refuses a file whose parts would
 * inflate past the bounds, before anything is inflated. Zip64 files are refused: a spreadsheet of
 * IMPORT_MAX_MB never needs them.
 */
const checkZip = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--)
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw broken(1, 'importBadXlsx');
  const entries = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  let at = view.getUint32(end + 16, true);
  if (entries > ZIP_MAX_ENTRIES || at + size > end) throw broken(1, 'importBadXlsx');
  let inflated = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) throw broken(1, 'importBadXlsx');
    const packed = view.getUint32(at + 20, true);
    const unpacked = view.getUint32(at + 24, true);
    if (packed === 0xffffffff || unpacked === 0xffffffff) throw broken(1, 'importBadXlsx');
    inflated += unpacked;
    if (inflated > ZIP_MAX_INFLATED || unpacked > Math.max(packed, 1024) * ZIP_MAX_RATIO)
      throw broken(1, 'importZipBomb');
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
};

/** A cell's value as text: a formula as its formula, a date as ISO, rich text as its plain text. */
const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return String(value);
  const v = value as {
    formula?: string;
    sharedFormula?: string;
    richText?: { text: string }[];
    text?: string;
  };
  if (v.formula !== undefined || v.sharedFormula !== undefined) return `=${v.formula ?? v.sharedFormula}`;
  if (v.richText) return v.richText.map((r) => r.text).join('');
  if (v.text !== undefined) return String(v.text);
  return '';
};

async function* xlsxRows(file: File): AsyncGenerator<FileRow> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  checkZip(bytes);
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes.buffer)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
  });
  let line = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        line = row.number;
        const values = row.values as unknown[];
        yield { line, cells: values.slice(1).map(cellText) };
      }
      break;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw broken(line + 1, 'importBadXlsx');
  }
}

/** An .xlsx is a zip: its first bytes say so, whatever its name. */
const isXlsx = async (file: File) => {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && (/\.xlsx$/i.test(file.name) || head[2] === 3);
};

/** The file's rows, its header first; 422 past `maxRows` data rows. */
export async function* fileRows(file: File, maxRows: number): AsyncGenerator<FileRow> {
  let n = 0;
  for await (const row of (await isXlsx(file)) || /\.xlsx$/i.test(file.name)
    ? xlsxRows(file)
    : csvRows(file)) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    if (n++ > maxRows)
      throw new HttpError(422, smsg('importTooManyRows', { n: maxRows }), {
        file: smsg('importTooManyRows', { n: maxRows }),
      });
    yield row;
  }
}
