import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

export const Route = createFileRoute('/_app/pages/details/$id')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/areas/page'), 'Details'),
});
