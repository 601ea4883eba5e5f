import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { listSearch } from '@/lib/search-params';

export const Route = createFileRoute('/_app/pages/')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearch,
  component: lazyPage(() => import('@/areas/page'), 'List'),
});
