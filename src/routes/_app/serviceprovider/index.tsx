import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { serviceProviderResource } from '@/contract';
import { listSearchValidator } from '@/resources/search';

export const Route = createFileRoute('/_app/serviceprovider/')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearchValidator(serviceProviderResource),
  component: lazyPage(() => import('@/areas/serviceprovider'), 'List'),
});
