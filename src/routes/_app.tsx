import { createFileRoute, redirect } from '@tanstack/react-router';
import { loadScreenCatalog } from '@/app/i18n';
import { lazyPage } from '@/app/lazy';
import { FullPageSpinner } from '@/components/ui';
import { getSession } from '@/app/session';

/**
 * The protected layout: without a stored loginToken every page inside redirects to /login. Its
 * screens' messages arrive before any of them renders (at once once there:
 * docs/decisions/0066-the-sign-in-catalog.md).
 */
export const Route = createFileRoute('/_app')({
  codeSplitGroupings: [['loader']],
  beforeLoad: async () => {
    if (!getSession().loginToken) throw redirect({ to: '/login' });
    await loadScreenCatalog('messages');
  },
  pendingComponent: () => <FullPageSpinner />,
  // The shell's part arrives with the device's copy of the data read (see SignedInShell.tsx).
  component: lazyPage(async () => {
    const shell = await import('@/components/shell/SignedInShell');
    await shell.restored;
    return shell;
  }, 'SignedInShell'),
});
