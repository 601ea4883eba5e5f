/** Confirmation and reason dialogs of the resource pages (Radix AlertDialog and Dialog). */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { AlertDialog, Dialog } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { Alert, Button, cx } from './ui';
import { useReason, type ReasonControl } from './useReason';

export const overlayClass = 'fixed inset-0 z-50 bg-slate-950/50';
export const contentClass =
  'fixed inset-x-0 top-1/2 z-50 mx-auto w-[min(28rem,calc(100vw-2rem))] -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-5 shadow-xl dark:border-slate-700 dark:bg-slate-900';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** The server's refusal (e.g. the 409 "still referenced" message), shown in the dialog. */
  error?: string | null;
  busy?: boolean;
  onConfirm: () => void;
}

/** "Are you sure?" with the action's own button; stays open to show the server's refusal. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  danger = false,
  error,
  busy = false,
  onConfirm,
}: ConfirmDialogProps) {
  const { i18n } = useLingui();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={contentClass} data-testid="confirm-dialog">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {description}
          </AlertDialog.Description>
          {error && (
            <Alert kind="error" className="mt-4">
              <span data-testid="confirm-error">{error}</span>
            </Alert>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {i18n._(msg`Cancel`)}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the server answers. */}
            <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  confirmLabel: string;
  required: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: (reason: string | null) => void;
}

/** Asks for a reason (reject, block): required ones refuse an empty text with a message. */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  confirmLabel,
  required,
  busy = false,
  error,
  onConfirm,
}: ReasonDialogProps) {
  const { i18n } = useLingui();
  const reason = useReason({ required, onConfirm, onOpenChange });
  return (
    <Dialog.Root open={open} onOpenChange={reason.openChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={contentClass} data-testid="reason-dialog">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {required
              ? i18n._(msg`Tell the account holder why. The reason is kept in the history.`)
              : i18n._(msg`You may add a reason; it is kept in the history.`)}
          </Dialog.Description>
          <ReasonForm
            reason={reason}
            confirmLabel={confirmLabel}
            required={required}
            busy={busy}
            error={error}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The reason's text, its problem, the server's refusal, Cancel and the action's button. */
function ReasonForm({
  reason,
  confirmLabel,
  required,
  busy,
  error,
}: Pick<ReasonDialogProps, 'confirmLabel' | 'required' | 'error'> & {
  reason: ReasonControl;
  busy: boolean;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const { missing } = reason;
  return (
    <form
      noValidate
      className="mt-4 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        reason.submit();
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium">
        {i18n._(msg`Reason`)}
      </label>
      <textarea
        id={id}
        value={reason.reason}
        maxLength={500}
        rows={4}
        required={required}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
        onChange={(event) => reason.change(event.target.value)}
        className={cx(
          'block w-full rounded-md border bg-white px-3 py-2 text-sm dark:bg-slate-900',
          missing ? 'border-red-600' : 'border-slate-400 dark:border-slate-600',
        )}
      />
      {missing && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {i18n._(msg`Please give a reason.`)}
        </p>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={busy}>
            {i18n._(msg`Cancel`)}
          </Button>
        </Dialog.Close>
        <Button type="submit" variant="danger" loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
