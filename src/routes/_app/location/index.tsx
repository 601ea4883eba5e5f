import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { locationResource } from '@/contract';
import { listSearchValidator } from '@/resources/search';

export const Route = createFileRoute('/_app/location/')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearchValidator(locationResource),
  component: lazyPage(() => import('@/areas/location'), 'List'),
});
