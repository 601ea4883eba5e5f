import { createFileRoute, redirect } from '@tanstack/react-router';
import { loadScreenCatalog } from '@/app/i18n';
import { signedInCatalog } from '@/app/signed-in-catalog';
import { lazyPage } from '@/app/lazy';
import { FullPageSpinner } from '@/components/ui';
import { getSession } from '@/app/session';

/**
 * The protected layout: without a stored loginToken every page inside redirects to /login. A
 * screen's messages arrive before it renders: the shell's for the dashboard, every screen's for the
 * others (at once once there: docs/decisions/0069-the-shell-catalog.md).
 */
export const Route = createFileRoute('/_app')({
  codeSplitGroupings: [['loader']],
  beforeLoad: async ({ location }) => {
    if (!getSession().loginToken) throw redirect({ to: '/login' });
    await loadScreenCatalog(signedInCatalog(location.pathname));
  },
  pendingComponent: () => <FullPageSpinner />,
  // The shell's part arrives with the device's copy of the data read (see SignedInShell.tsx).
  component: lazyPage(async () => {
    const shell = await import('@/components/shell/SignedInShell');
    await shell.restored;
    return shell;
  }, 'SignedInShell'),
});
