import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { userResource } from '@/contract';
import { listSearchValidator } from '@/resources/search';

export const Route = createFileRoute('/_app/users')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearchValidator(userResource),
  component: lazyPage(() => import('@/areas/user'), 'List'),
});
