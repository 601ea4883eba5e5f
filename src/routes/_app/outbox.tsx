import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

export const Route = createFileRoute('/_app/outbox')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/pages/outbox/OutboxPage'), 'OutboxPage'),
});
