import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

export const Route = createFileRoute('/_app/booking-details')({
  codeSplitGroupings: [['loader']],
  // `view=ticket`: the booking's ticket alone, to print or to show (src/areas/booking-ticket.tsx).
  validateSearch: (search: Record<string, unknown>): { id?: string; view?: 'ticket' } => ({
    ...(typeof search.id === 'string' || typeof search.id === 'number' ? { id: String(search.id) } : {}),
    ...(search.view === 'ticket' ? { view: 'ticket' as const } : {}),
  }),
  component: lazyPage(() => import('@/areas/booking-details'), 'Details'),
});
