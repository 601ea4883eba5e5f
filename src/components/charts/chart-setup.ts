/**
 * Chart.js with only what the dashboards draw (bar charts with tooltips), loaded on demand by
 * BarChart after the figures are on screen, so it stays out of the dashboard's first load.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

// A printed page is narrower than the screen: the charts are drawn again at its width, and back after.
const fit = () => {
  for (const chart of Object.values(Chart.instances)) chart.resize();
};
addEventListener('beforeprint', fit);
addEventListener('afterprint', fit);

export { Chart };
