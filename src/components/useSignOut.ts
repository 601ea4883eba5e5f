/**
 * Sign Out from the profile menu (src/components/ProfileMenu.tsx): at once when no change waits in
 * the outbox, else after the user chose, in SignOutDialog, whether to keep the unsent changes.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { signOut } from '@/app/auth';
import { useOutbox } from '@/app/outbox';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import type { SignOutChoice } from './SignOutDialog';

export function useSignOut() {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState<SignOutChoice | null>(null);
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const confirmMounted = useOpenedOnce(confirmSignOut);
  const unsent = useOutbox().length;
  // The count when asked: Sign Out closes the outbox before the dialog does.
  const [unsentAsked, setUnsentAsked] = useState(0);

  /** Without unsent changes there is nothing to keep: 'discard' drops an empty outbox. */
  const onSignOut = async (choice: SignOutChoice) => {
    setSigningOut(choice);
    try {
      await signOut({ keepUnsent: choice === 'keep' });
    } finally {
      setSigningOut(null);
      setConfirmSignOut(false);
    }
    await navigate({ to: '/login' });
  };

  /** Sign Out chosen in the menu. */
  const start = () => {
    // Changes still waiting in the outbox: ask whether to keep them for the next sign-in.
    if (unsent > 0) {
      setUnsentAsked(unsent);
      setConfirmSignOut(true);
    } else void onSignOut('discard');
  };

  return {
    signingOut,
    confirmMounted,
    start,
    /** SignOutDialog's props: its choice carried out, its closing refused meanwhile. */
    dialog: {
      open: confirmSignOut,
      onOpenChange: (open: boolean) => {
        if (signingOut === null) setConfirmSignOut(open);
      },
      unsent: unsentAsked,
      busy: signingOut,
      onChoose: (choice: SignOutChoice) => void onSignOut(choice),
    },
  };
}
