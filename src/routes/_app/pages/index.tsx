import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { pageResource } from '@/contract';
import { listSearchValidator } from '@/resources/search';

export const Route = createFileRoute('/_app/pages/')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearchValidator(pageResource),
  component: lazyPage(() => import('@/areas/pages'), 'List'),
});
