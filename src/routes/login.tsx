import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { FullPageSpinner } from '@/components/ui';
import { getSession } from '@/app/session';

export interface LoginSearch {
  /** Set after a registration: the account waits for approval. */
  registered?: boolean;
}

export const Route = createFileRoute('/login')({
  // Page parts are split by hand (lazyPage) so that they load with the 120 s timeout.
  codeSplitGroupings: [['loader']],
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    search.registered === true ||
    search.registered === 'true' ||
    search.registered === '1' ||
    search.registered === 1
      ? { registered: true }
      : {},
  beforeLoad: () => {
    if (getSession().loginToken) throw redirect({ to: '/' });
  },
  pendingComponent: () => <FullPageSpinner />,
  component: lazyPage(() => import('@/pages/login/LoginPage'), 'LoginPage'),
});
