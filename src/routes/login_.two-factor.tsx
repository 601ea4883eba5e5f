import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { secondStep } from '@/app/second-step';
import { getSession } from '@/app/session';
import { FullPageSpinner } from '@/components/ui';

/** The second step of a sign-in (docs/security.md, "Two-factor sign-in"): only with a challenge in memory. */
export const Route = createFileRoute('/login_/two-factor')({
  codeSplitGroupings: [['loader']],
  beforeLoad: () => {
    if (getSession().loginToken) throw redirect({ to: '/' });
    if (!secondStep()) throw redirect({ to: '/login' });
  },
  pendingComponent: () => <FullPageSpinner />,
  component: lazyPage(() => import('@/pages/account/TwoFactorSignInPage'), 'TwoFactorSignInPage', [
    'signin',
    'account',
  ]),
});
