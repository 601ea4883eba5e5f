import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

export const Route = createFileRoute('/_app/profile')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/pages/profile/ProfilePage'), 'ProfilePage', 'account'),
});
