import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { FullPageSpinner } from '@/components/ui';

/** Forgot password (docs/decisions/0062-forgotten-password.md): open signed in or not. */
export const Route = createFileRoute('/password/forgot')({
  codeSplitGroupings: [['loader']],
  pendingComponent: () => <FullPageSpinner />,
  component: lazyPage(() => import('@/pages/account/ForgotPasswordPage'), 'ForgotPasswordPage', [
    'signin',
    'account',
  ]),
});
