import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

/** An event's door (docs/decisions/0055-the-door.md): admitting guests at the entrance. */
export const Route = createFileRoute('/_app/event/door/$id')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/areas/door'), 'Door', 'door'),
});
