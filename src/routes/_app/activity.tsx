import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { activitySearch } from '@/pages/activity/search';

export const Route = createFileRoute('/_app/activity')({
  codeSplitGroupings: [['loader']],
  validateSearch: activitySearch,
  component: lazyPage(() => import('@/pages/activity/ActivityPage'), 'ActivityPage'),
});
