import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

export const Route = createFileRoute('/_app/pages/add/{-$id}')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/areas/page'), 'Form'),
});
