import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { dashboardSearch } from '@/contract/periods';

export const Route = createFileRoute('/_app/')({
  codeSplitGroupings: [['loader']],
  // The dashboard's period, kept in the URL (docs/decisions/0068-dashboards-over-a-period.md).
  validateSearch: dashboardSearch,
  component: lazyPage(() => import('@/pages/dashboard/DashboardPage'), 'DashboardPage'),
});
