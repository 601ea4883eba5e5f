import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

export const Route = createFileRoute('/_app/booking-ticket')({
  codeSplitGroupings: [['loader']],
  validateSearch: (search: Record<string, unknown>): { id?: string } =>
    typeof search.id === 'string' || typeof search.id === 'number' ? { id: String(search.id) } : {},
  component: lazyPage(() => import('@/areas/booking-ticket'), 'TicketPage'),
});
