import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

export const Route = createFileRoute('/_app/supervisor/add/$userId')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/areas/supervisor'), 'Form'),
});
