import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { countryResource } from '@/contract';
import { listSearchValidator } from '@/resources/search';

export const Route = createFileRoute('/_app/country/')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearchValidator(countryResource),
  component: lazyPage(() => import('@/areas/country'), 'List'),
});
