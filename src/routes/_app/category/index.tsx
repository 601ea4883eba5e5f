import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { categoryResource } from '@/contract';
import { listSearchValidator } from '@/resources/search';

export const Route = createFileRoute('/_app/category/')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearchValidator(categoryResource),
  component: lazyPage(() => import('@/areas/category'), 'List'),
});
