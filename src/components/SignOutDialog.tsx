/**
 * Sign Out with unsent changes asks first (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md):
 * keep them on this device for the user's next sign-in here (sealed with their key, sent then under
 * their account), discard them, or stay signed in. Loaded only when Sign Out has to ask, with Radix's
 * dialog (docs/decisions/0010-signed-in-first-load.md).
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { AlertDialog } from 'radix-ui';
import { contentClass, overlayClass } from '@/components/dialogs';
import { Button } from './ui';

export type SignOutChoice = 'keep' | 'discard';

export interface SignOutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many changes wait in the outbox. */
  unsent: number;
  /** The choice being carried out (its button spins, the others wait). */
  busy: SignOutChoice | null;
  onChoose: (choice: SignOutChoice) => void;
}

/** Loaded lazily by the profile menu (ProfileMenu.tsx). */
export function SignOutDialog({ open, onOpenChange, unsent, busy, onChoose }: SignOutDialogProps) {
  const { i18n } = useLingui();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content
          className={`${contentClass} sm:w-[min(34rem,calc(100vw-2rem))]`}
          data-testid="sign-out-dialog"
        >
          <AlertDialog.Title className="text-lg font-semibold">
            {i18n._(msg`Sign out with unsent changes?`)}
          </AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-slate-700 dark:text-slate-300">
              <p data-testid="sign-out-unsent">
                {i18n._(
                  msg`${plural(unsent, { one: '# change made on this device has', other: '# changes made on this device have' })} not reached the server yet.`,
                )}
              </p>
              <p>
                {i18n._(
                  msg`Keep them on this device, locked for your account: nobody else who signs in here can see them, and they are sent when you next sign in here. Or discard them.`,
                )}
              </p>
            </div>
          </AlertDialog.Description>
          {/* On a phone one button a line, the keeping one first; else in a row, it last. */}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy !== null}>
                {i18n._(msg`Cancel`)}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant="danger"
              loading={busy === 'discard'}
              disabled={busy === 'keep'}
              onClick={() => onChoose('discard')}
              data-testid="sign-out-discard"
            >
              {i18n._(msg`Discard and sign out`)}
            </Button>
            <Button
              loading={busy === 'keep'}
              disabled={busy === 'discard'}
              onClick={() => onChoose('keep')}
              data-testid="sign-out-keep"
            >
              {i18n._(msg`Keep and sign out`)}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
