import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { VIEW_NAME_MAX } from '@/contract';
import { Alert, Button, TextField } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api';
import { contentClass, overlayClass } from '../dialogs';

export interface ViewNameValues {
  name: string;
  isDefault: boolean;
  shared: boolean;
}

/**
 * Names a view: "Save current view as…" (with "my default" and, for admins, "share"), or "Rename…"
 * (`rename`). The server's refusal (a taken name: 409) shows on the field; the dialog stays open.
 */
export function ViewNameDialog({
  open,
  onOpenChange,
  rename,
  initialName = '',
  canShare,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rename?: boolean;
  initialName?: string;
  canShare: boolean;
  onSubmit: (values: ViewNameValues) => Promise<unknown>;
}) {
  const { i18n } = useLingui();
  const [name, setName] = useState(initialName);
  const [isDefault, setIsDefault] = useState(false);
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setFieldError(i18n._(msg`Enter a name for the view.`));
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    try {
      await onSubmit({ name: trimmed, isDefault, shared });
      onOpenChange(false);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fieldErrors.name : undefined;
      if (field) setFieldError(field);
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setName(initialName);
          setIsDefault(false);
          setShared(false);
          setError(null);
          setFieldError(undefined);
        }
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={contentClass} data-testid="view-name-dialog">
          <Dialog.Title className="text-lg font-semibold">
            {rename ? i18n._(msg`Rename view`) : i18n._(msg`Save current view`)}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {rename
              ? i18n._(msg`The view keeps its filters, search, sort and columns.`)
              : i18n._(
                  msg`Keeps this list's filters, search, sort, columns and page size under a name, on every device you sign in on.`,
                )}
          </Dialog.Description>
          <form className="mt-4 space-y-3" onSubmit={(event) => void submit(event)} noValidate>
            <TextField
              label={i18n._(msg`Name`)}
              value={name}
              maxLength={VIEW_NAME_MAX}
              autoFocus
              error={fieldError}
              data-testid="view-name"
              onChange={(event) => setName(event.target.value)}
            />
            {!rename && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={isDefault}
                  data-testid="view-default"
                  onChange={(event) => setIsDefault(event.target.checked)}
                />
                {i18n._(msg`Open this list with this view`)}
              </label>
            )}
            {!rename && canShare && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={shared}
                  data-testid="view-shared"
                  onChange={(event) => setShared(event.target.checked)}
                />
                {i18n._(msg`Share with everyone who can open this list`)}
              </label>
            )}
            {error && <Alert kind="error">{error}</Alert>}
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={busy}>
                  {i18n._(msg`Cancel`)}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={busy} data-testid="view-save">
                {i18n._(msg`Save`)}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
