import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { notificationResource } from '@/contract';
import { listSearchValidator } from '@/resources/search';

export const Route = createFileRoute('/_app/notification/')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearchValidator(notificationResource),
  component: lazyPage(() => import('@/areas/notification'), 'List'),
});
