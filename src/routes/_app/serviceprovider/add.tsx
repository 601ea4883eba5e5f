import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

export const Route = createFileRoute('/_app/serviceprovider/add')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/areas/serviceprovider'), 'Add'),
});
