import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

/** docs/product.md §2 writes it /notification/add/ (the router treats the trailing slash as the same page). */
export const Route = createFileRoute('/_app/notification/add')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/areas/notification'), 'Add'),
});
