import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { VIEW_NAME_MAX } from '@/contract';
import { Alert, Button, TextField } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api';
import type { I18n } from '@lingui/core';
import type { SavedView } from '@/contract';
import { ConfirmDialog, contentClass, overlayClass } from '@/components/dialogs';
import type { useSavedViews } from './useSavedViews';

export interface ViewNameValues {
  name: string;
  isDefault: boolean;
  shared: boolean;
}

function CheckField({
  testId,
  checked,
  onChange,
  children,
}: {
  testId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4"
        checked={checked}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
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
              <CheckField testId="view-default" checked={isDefault} onChange={setIsDefault}>
                {i18n._(msg`Open this list with this view`)}
              </CheckField>
            )}
            {!rename && canShare && (
              <CheckField testId="view-shared" checked={shared} onChange={setShared}>
                {i18n._(msg`Share with everyone who can open this list`)}
              </CheckField>
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

/** "Delete this view?"; stays open with the server's refusal. */
export function DeleteViewDialog({
  open,
  onClose,
  view,
  remove,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  view: SavedView | undefined;
  remove: ReturnType<typeof useSavedViews>['remove'];
  onDeleted: () => void;
}) {
  const { i18n } = useLingui();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
        setError(null);
      }}
      title={i18n._(msg`Delete this view?`)}
      description={deleteText(i18n, view)}
      confirmLabel={i18n._(msg`Delete`)}
      danger
      busy={remove.isPending}
      error={error}
      onConfirm={() =>
        view &&
        remove.mutate(view, {
          onSuccess: () => {
            onClose();
            onDeleted();
          },
          onError: (failure) => setError(failure.message),
        })
      }
    />
  );
}

const deleteText = (i18n: I18n, view: SavedView | undefined) => {
  if (!view) return '';
  const name = view.name;
  return view.shared
    ? i18n._(
        msg`“${name}” will be deleted for you and for everyone it is shared with. The list's records stay as they are.`,
      )
    : i18n._(msg`“${name}” will be deleted. The list's records stay as they are.`);
};
