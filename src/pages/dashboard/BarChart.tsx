/**
 * A bar chart (Chart.js, loaded lazily) that reads right to left in Arabic: the category axis is
 * mirrored (the newest day on the left), the value axis stands on the right, tooltips are RTL and
 * numbers use the language's digits. Screen readers get a table of the same figures. Chart.js loads
 * and draws when the chart comes near the screen: a dashboard whose charts are below the fold (phones)
 * does not parse and run it on its first load (docs/decisions/0010-signed-in-first-load.md).
 */
import { useEffect, useRef, useState } from 'react';
import type { Language } from '@/contract';
import { useTheme } from '@/app/theme';
import type { Chart } from './chart-setup';

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
}

const colours = (dark: boolean) => ({
  bar: dark ? '#818cf8' : '#4f46e5',
  text: dark ? '#cbd5e1' : '#334155',
  grid: dark ? 'rgba(148, 163, 184, 0.2)' : 'rgba(100, 116, 139, 0.2)',
});

export function BarChart(props: BarChartProps) {
  const {
    title,
    labels,
    values,
    valueLabel,
    labelHeader,
    format,
    language,
    horizontal = false,
    testId,
  } = props;
  const tickFormat = props.tickFormat ?? format;
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();
  // Without IntersectionObserver the chart is drawn at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const target = canvas.current?.parentElement;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near) return;
    let chart: Chart | undefined;
    let cancelled = false;
    void import('./chart-setup').then(({ Chart }) => {
      if (cancelled || !canvas.current) return;
      const rtl = language === 'ar';
      const c = colours(document.documentElement.dataset.theme === 'dark');
      const valueTicks = { color: c.text, callback: (v: number | string) => tickFormat(Number(v)) };
      const labelTicks = { color: c.text, autoSkip: true, maxRotation: 0 };
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: {
          labels: [...labels],
          datasets: [{ label: valueLabel, data: [...values], backgroundColor: c.bar, borderRadius: 3 }],
        },
        options: {
          indexAxis: horizontal ? 'y' : 'x',
          locale: rtl ? 'ar-SA-u-ca-gregory' : 'en',
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: {
            legend: { display: false },
            tooltip: {
              rtl,
              textDirection: rtl ? 'rtl' : 'ltr',
              callbacks: {
                label: (item) =>
                  `${valueLabel}: ${format((horizontal ? item.parsed.x : item.parsed.y) ?? 0)}`,
              },
            },
          },
          scales: horizontal
            ? {
                x: { reverse: rtl, beginAtZero: true, ticks: valueTicks, grid: { color: c.grid } },
                y: { position: rtl ? 'right' : 'left', ticks: labelTicks, grid: { display: false } },
              }
            : {
                x: { reverse: rtl, ticks: labelTicks, grid: { display: false } },
                y: {
                  position: rtl ? 'right' : 'left',
                  beginAtZero: true,
                  ticks: { ...valueTicks, precision: 0 },
                  grid: { color: c.grid },
                },
              },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [near, labels, values, valueLabel, format, tickFormat, language, horizontal, theme]);

  const height = horizontal ? Math.max(160, labels.length * 36) : 240;
  return (
    <figure className="space-y-2" data-testid={testId}>
      <figcaption className="font-semibold">{title}</figcaption>
      <div className="relative" style={{ height }}>
        <canvas ref={canvas} aria-hidden="true" />
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
