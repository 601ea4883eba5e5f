/**
 * A bar chart (Chart.js, loaded lazily) that reads right to left in Arabic: the category axis is
 * mirrored (the newest day on the left), the value axis stands on the right, tooltips are RTL and
 * numbers use the language's digits. Screen readers get a table of the same figures. Chart.js loads
 * and draws when the chart comes near the screen: a dashboard whose charts are below the fold (phones)
 * does not parse and run it on its first load (docs/decisions/0010-signed-in-first-load.md); until
 * then its box, of the chart's own size, shows bars of its shape (nothing moves when the chart
 * arrives: docs/decisions/0083-a-dashboard-that-leads-to-work.md).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useRef } from 'react';
import type { Language } from '@/contract';
import { downloadCsv, type CsvRows } from './csv-download';
import { useBarChart } from './useBarChart';

export interface BarChartProps {
  /** Caption of the figure (also the table's caption). */
  title: string;
  labels: readonly string[];
  values: readonly number[];
  /** Header of the value column and of the tooltip. */
  valueLabel: string;
  /** Header of the label column. */
  labelHeader: string;
  format: (value: number) => string;
  /** Axis labels (default: `format`), e.g. a compact form of long amounts. */
  tickFormat?: (value: number) => string;
  language: Language;
  /** Bars grow sideways (long category names). */
  horizontal?: boolean;
  testId?: string;
  /**
   * "Download CSV": the figures drawn, one row each (the first the headers), in their plain form
   * (a day as YYYY-MM-DD, an amount in riyals), saved as `fileName`.
   */
  download?: { fileName: string; rows: () => CsvRows };
}

export function BarChart(props: BarChartProps) {
  const { title, labels, values, valueLabel, labelHeader, format, horizontal, testId, download } = props;
  const { i18n } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useBarChart(canvas, props);

  const height = horizontal ? Math.max(160, labels.length * 36) : 240;
  // min-w-0: in a grid or a row, the chart's box may narrow below the width Chart.js last drew the
  // canvas at, so the chart follows a window that narrows instead of keeping its width.
  return (
    <figure className="min-w-0 space-y-2" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption className="font-semibold">{title}</figcaption>
        {download && (
          <button
            type="button"
            className="inline-flex min-h-8 items-center rounded-md px-2 text-sm font-medium text-indigo-700 hover:bg-slate-100 print:hidden dark:text-indigo-300 dark:hover:bg-slate-800"
            data-testid={testId ? `${testId}-csv` : undefined}
            onClick={() => void downloadCsv(download.fileName, download.rows())}
          >
            {i18n._(msg`Download CSV`)}
            <span className="sr-only">{i18n._(msg`: ${title}`)}</span>
          </button>
        )}
      </div>
      <div className="relative" style={{ height }} data-testid={testId ? `${testId}-box` : undefined}>
        <canvas ref={canvas} aria-hidden="true" />
        {!drawn && <ChartPlaceholder bars={labels.length} horizontal={horizontal} />}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={`${label}-${i}`}>
              <th scope="row">{label}</th>
              <td>{format(values[i] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Pale bars in the chart's box while Chart.js loads: the chart's shape, at its size. */
function ChartPlaceholder({ bars, horizontal }: { bars: number; horizontal?: boolean }) {
  // A few bars of set lengths, as many as the chart has (at most 12): a shape, not figures.
  const lengths = Array.from({ length: Math.min(Math.max(bars, 1), 12) }, (_, i) => 35 + ((i * 37) % 60));
  return (
    <div
      aria-hidden="true"
      data-placeholder="chart"
      className={`absolute inset-0 flex animate-pulse gap-2 ${horizontal ? 'flex-col justify-around ps-16' : 'items-end justify-around ps-10 pb-6'}`}
    >
      {lengths.map((length, i) => (
        <div
          key={i}
          className="rounded-sm bg-slate-200 dark:bg-slate-700"
          style={horizontal ? { width: `${length}%`, height: 18 } : { height: `${length}%`, width: '5%' }}
        />
      ))}
    </div>
  );
}
