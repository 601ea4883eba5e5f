import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

/** The doors the user stands at (docs/decisions/0055-the-door.md); the shell checks `checkin`. */
export const Route = createFileRoute('/_app/door')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/pages/door/DoorEventsPage'), 'DoorEventsPage', 'door'),
});
