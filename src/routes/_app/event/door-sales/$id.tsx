import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

export const Route = createFileRoute('/_app/event/door-sales/$id')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/areas/door-sales'), 'Sales', 'door'),
});
