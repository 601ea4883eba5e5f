import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

export const Route = createFileRoute('/_app/')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/pages/dashboard/DashboardPage'), 'DashboardPage'),
});
