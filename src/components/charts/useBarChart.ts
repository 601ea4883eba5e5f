/**
 * BarChart's drawing (src/pages/dashboard/BarChart.tsx): Chart.js loads and draws once the chart
 * comes near the screen, again when the figures, the language or the theme change.
 */
import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { useTheme } from '@/app/theme';
import type { BarChartProps } from './BarChart';
import type { ChartOptions } from 'chart.js';
import type { Chart } from './chart-setup';
import { drawAll } from './print';
import { FORMAT_LOCALE } from '@/contract/plain';

const colours = (dark: boolean) => ({
  bar: dark ? '#818cf8' : '#4f46e5',
  text: dark ? '#cbd5e1' : '#334155',
  grid: dark ? 'rgba(148, 163, 184, 0.2)' : 'rgba(100, 116, 139, 0.2)',
});

/** Whether the box around `element` has come near the screen (and stays so), or the page is printed. */
function useNear(element: RefObject<HTMLElement | null>) {
  // Without IntersectionObserver the chart is drawn at once.
  const [seen, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const printing = useSyncExternalStore(drawAll.subscribe, drawAll.now);
  const near = seen || printing;

  useEffect(() => {
    const target = element.current?.parentElement;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/** The chart's options: mirrored in Arabic, each axis titled with what it counts. */
function barOptions(
  props: Pick<BarChartProps, 'valueLabel' | 'labelHeader' | 'format' | 'tickFormat' | 'horizontal'>,
  rtl: boolean,
  c: ReturnType<typeof colours>,
) {
  const { valueLabel, labelHeader, format, horizontal = false } = props;
  const tickFormat = props.tickFormat ?? format;
  const valueTicks = { color: c.text, callback: (v: number | string) => tickFormat(Number(v)) };
  const labelTicks = { color: c.text, autoSkip: true, maxRotation: 0 };
  // Each axis says what it counts: the value axis its unit ("Bookings", "Revenue (SAR)").
  const title = (text: string) => ({ display: true, text, color: c.text });
  return {
    indexAxis: horizontal ? 'y' : 'x',
    locale: FORMAT_LOCALE[rtl ? 'ar' : 'en'],
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: false },
      tooltip: {
        rtl,
        textDirection: rtl ? 'rtl' : 'ltr',
        callbacks: {
          label: (item) => `${valueLabel}: ${format((horizontal ? item.parsed.x : item.parsed.y) ?? 0)}`,
        },
      },
    },
    scales: horizontal
      ? {
          x: {
            reverse: rtl,
            beginAtZero: true,
            ticks: valueTicks,
            grid: { color: c.grid },
            title: title(valueLabel),
          },
          y: {
            position: rtl ? 'right' : 'left',
            ticks: labelTicks,
            grid: { display: false },
            title: title(labelHeader),
          },
        }
      : {
          x: { reverse: rtl, ticks: labelTicks, grid: { display: false }, title: title(labelHeader) },
          y: {
            position: rtl ? 'right' : 'left',
            beginAtZero: true,
            ticks: { ...valueTicks, precision: 0 },
            grid: { color: c.grid },
            title: title(valueLabel),
          },
        },
  } satisfies ChartOptions<'bar'>;
}

/**
 * Draws the chart of `props` on `canvas` once its box comes near the screen; true once it is drawn
 * (until then BarChart shows its placeholder in the same box).
 */
export function useBarChart(canvas: RefObject<HTMLCanvasElement | null>, props: BarChartProps): boolean {
  const { labels, values, valueLabel, labelHeader, format, language, horizontal = false } = props;
  const tickFormat = props.tickFormat ?? format;
  const theme = useTheme();
  const near = useNear(canvas);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    if (!near) return;
    let chart: Chart | undefined;
    let cancelled = false;
    void import('./chart-setup').then(({ Chart }) => {
      if (cancelled || !canvas.current) return;
      const rtl = language === 'ar';
      const c = colours(document.documentElement.dataset.theme === 'dark');
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: {
          labels: [...labels],
          datasets: [{ label: valueLabel, data: [...values], backgroundColor: c.bar, borderRadius: 3 }],
        },
        options: barOptions({ valueLabel, labelHeader, format, tickFormat, horizontal }, rtl, c),
      });
      setDrawn(true);
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [
    canvas,
    near,
    labels,
    values,
    valueLabel,
    labelHeader,
    format,
    tickFormat,
    language,
    horizontal,
    theme,
  ]);
  return drawn;
}
