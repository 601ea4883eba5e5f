import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { advertisementResource } from '@/contract';
import { listSearchValidator } from '@/resources/search';

export const Route = createFileRoute('/_app/advertisement/')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearchValidator(advertisementResource),
  component: lazyPage(() => import('@/areas/advertisement'), 'List'),
});
