import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { FullPageSpinner } from '@/components/ui';

export interface InvitationSearch {
  /** The invitation link's token (docs/decisions/0063-invitations.md); the page sends it in a POST body. */
  token?: string;
}

/** An invited account's page: no sign-in needed (the link's token says who is invited). */
export const Route = createFileRoute('/invitation')({
  codeSplitGroupings: [['loader']],
  validateSearch: (search: Record<string, unknown>): InvitationSearch =>
    typeof search.token === 'string' && search.token.length <= 200 ? { token: search.token } : {},
  pendingComponent: () => <FullPageSpinner />,
  component: lazyPage(() => import('@/pages/account/InvitationPage'), 'InvitationPage', 'account'),
});
