import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { FullPageSpinner } from '@/components/ui';
import { getSession } from '@/app/session';

/** The protected layout: without a stored loginToken every page inside redirects to /login. */
export const Route = createFileRoute('/_app')({
  codeSplitGroupings: [['loader']],
  beforeLoad: () => {
    if (!getSession().loginToken) throw redirect({ to: '/login' });
  },
  pendingComponent: () => <FullPageSpinner />,
  // The shell's part arrives with the device's copy of the data read (see SignedInShell.tsx).
  component: lazyPage(async () => {
    const shell = await import('@/components/shell/SignedInShell');
    await shell.restored;
    return shell;
  }, 'SignedInShell'),
});
