import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { FullPageSpinner } from '@/components/ui';
import { getSession } from '@/app/session';

export const Route = createFileRoute('/registration')({
  codeSplitGroupings: [['loader']],
  beforeLoad: () => {
    if (getSession().loginToken) throw redirect({ to: '/' });
  },
  pendingComponent: () => <FullPageSpinner />,
  component: lazyPage(() => import('@/pages/registration/RegistrationPage'), 'RegistrationPage', 'signin'),
});
