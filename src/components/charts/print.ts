/**
 * Printing a page of charts (docs/decisions/0068-dashboards-over-a-period.md): every chart is drawn
 * first (a chart below the fold is drawn only when it comes near the screen, useBarChart.ts), then
 * the browser's print dialog opens; the print styles (src/styles.css, `print:` classes) hide the
 * shell and the controls and fit the charts to the page.
 */
const listeners = new Set<() => void>();
let all = false;

/** Whether every chart is to be drawn now, and a way to hear when that becomes so. */
export const drawAll = {
  now: () => all,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

export async function printCharts() {
  all = true;
  for (const listener of listeners) listener();
  await import('./chart-setup');
  await frame();
  await frame();
  window.print();
}
