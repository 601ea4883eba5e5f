import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { FullPageSpinner } from '@/components/ui';

/**
 * An invited account's page (docs/decisions/0063-invitations.md): no sign-in needed, the link's
 * `token` (read by the page) says who is invited. No search validation here: every route's
 * definition is in the app's first load, the login page's too.
 */
export const Route = createFileRoute('/invitation')({
  codeSplitGroupings: [['loader']],
  pendingComponent: () => <FullPageSpinner />,
  component: lazyPage(() => import('@/pages/account/InvitationPage'), 'InvitationPage', [
    'signin',
    'account',
  ]),
});
