import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

export const Route = createFileRoute('/_app/user/add')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/areas/user'), 'Add'),
});
