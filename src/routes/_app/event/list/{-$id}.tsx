import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { eventResource } from '@/contract';
import { listSearchValidator } from '@/resources/search';

export const Route = createFileRoute('/_app/event/list/{-$id}')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearchValidator(eventResource),
  component: lazyPage(() => import('@/areas/event'), 'ProviderEvents'),
});
