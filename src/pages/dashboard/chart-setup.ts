/**
 * Chart.js with only what the dashboards draw (bar charts with tooltips), loaded on demand by
 * BarChart after the figures are on screen, so it stays out of the dashboard's first load.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export { Chart };
