import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

/** An event's door list, to print (docs/decisions/0055-the-door.md); the shell checks `checkin`. */
export const Route = createFileRoute('/_app/event/door-list/$id')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/pages/door/DoorListPage'), 'DoorListPage', 'door'),
});
