import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { FullPageSpinner } from '@/components/ui';

/** The mailed link of a forgotten password (docs/decisions/0062-forgotten-password.md): open signed in or not. */
export const Route = createFileRoute('/password/reset')({
  codeSplitGroupings: [['loader']],
  pendingComponent: () => <FullPageSpinner />,
  component: lazyPage(() => import('@/pages/account/ResetPasswordPage'), 'ResetPasswordPage', [
    'signin',
    'account',
  ]),
});
