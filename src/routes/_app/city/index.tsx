import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { cityResource } from '@/contract';
import { listSearchValidator } from '@/resources/search';

export const Route = createFileRoute('/_app/city/')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearchValidator(cityResource),
  component: lazyPage(() => import('@/areas/city'), 'List'),
});
