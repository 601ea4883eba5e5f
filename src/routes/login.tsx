import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { FullPageSpinner } from '@/components/ui';
import { getSession } from '@/app/session';

export interface LoginSearch {
  /** Set after a registration: the account waits for approval. */
  registered?: boolean;
  /** Set after a forgotten password was set again: the e-mail is filled in. */
  reset?: boolean;
}

const isSet = (value: unknown) => value === true || value === 'true' || value === '1' || value === 1;

export const Route = createFileRoute('/login')({
  // Page parts are split by hand (lazyPage) so that they load with the 120 s timeout.
  codeSplitGroupings: [['loader']],
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ...(isSet(search.registered) ? { registered: true } : {}),
    ...(isSet(search.reset) ? { reset: true } : {}),
  }),
  beforeLoad: () => {
    if (getSession().loginToken) throw redirect({ to: '/' });
  },
  pendingComponent: () => <FullPageSpinner />,
  component: lazyPage(() => import('@/pages/login/LoginPage'), 'LoginPage', 'signin'),
});
