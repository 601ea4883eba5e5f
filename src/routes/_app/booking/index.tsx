import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { bookingResource } from '@/contract';
import { listSearchValidator } from '@/resources/search';

export const Route = createFileRoute('/_app/booking/')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearchValidator(bookingResource),
  component: lazyPage(() => import('@/areas/booking-list'), 'List'),
});
