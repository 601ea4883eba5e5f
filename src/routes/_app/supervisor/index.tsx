import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { supervisorResource } from '@/contract';
import { listSearchValidator } from '@/resources/search';

export const Route = createFileRoute('/_app/supervisor/')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearchValidator(supervisorResource),
  component: lazyPage(() => import('@/areas/supervisor'), 'List'),
});
