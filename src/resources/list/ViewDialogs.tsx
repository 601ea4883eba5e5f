import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { VIEW_NAME_MAX } from '@/contract';
import { Alert, Button, TextField } from '@/components/ui';
import type { I18n } from '@lingui/core';
import type { SavedView } from '@/contract';
import { ConfirmDialog, contentClass } from '@/components/dialogs';
import { DialogFrame } from './DialogFrame';
import type { useSavedViews } from './useSavedViews';
import { useViewNameForm, type ViewNameValues } from './useViewNameForm';

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
  const form = useViewNameForm(initialName, onSubmit, onOpenChange);
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset();
        onOpenChange(next);
      }}
      testId="view-name-dialog"
      className={contentClass}
      title={rename ? i18n._(msg`Rename view`) : i18n._(msg`Save current view`)}
      description={
        rename
          ? i18n._(msg`The view keeps its filters, search, sort and columns.`)
          : i18n._(
              msg`Keeps this list's filters, search, sort, columns and page size under a name, on every device you sign in on.`,
            )
      }
      descriptionClassName="mt-2 text-sm text-slate-700 dark:text-slate-300"
    >
      <form className="mt-4 space-y-3" onSubmit={(event) => void form.submit(event)} noValidate>
        <TextField
          label={i18n._(msg`Name`)}
          value={form.name}
          maxLength={VIEW_NAME_MAX}
          autoFocus
          error={form.fieldError}
          data-testid="view-name"
          onChange={(event) => form.setName(event.target.value)}
        />
        {!rename && (
          <CheckField testId="view-default" checked={form.isDefault} onChange={form.setIsDefault}>
            {i18n._(msg`Open this list with this view`)}
          </CheckField>
        )}
        {!rename && canShare && (
          <CheckField testId="view-shared" checked={form.shared} onChange={form.setShared}>
            {i18n._(msg`Share with everyone who can open this list`)}
          </CheckField>
        )}
        {form.error && <Alert kind="error">{form.error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Dialog.Close asChild>
            <Button variant="secondary" disabled={form.busy}>
              {i18n._(msg`Cancel`)}
            </Button>
          </Dialog.Close>
          <Button type="submit" loading={form.busy} data-testid="view-save">
            {i18n._(msg`Save`)}
          </Button>
        </div>
      </form>
    </DialogFrame>
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
