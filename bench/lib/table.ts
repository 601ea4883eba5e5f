/** The bench's figures as a Markdown table (printed by npm run bench, pasted into docs/performance.md). */
import type { Row } from './types';

const fmt = (n: number, unit: string) =>
  Number.isNaN(n)
    ? '—'
    : unit === 'n' || unit === 'req/s' || unit === 'score'
      ? String(Math.round(n))
      : n.toFixed(1);

export const table = (rows: Row[]): string => {
  const head = ['Section', 'Figure', 'Median', 'Min', 'Max', 'Unit', 'Budget', 'OK'];
  const body = rows.map((r) => [
    r.section,
    r.figure,
    fmt(r.median, r.unit),
    fmt(r.min, r.unit),
    fmt(r.max, r.unit),
    r.unit,
    r.budget ?? '',
    r.pass === undefined ? '' : r.pass ? 'yes' : 'NO',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
};
