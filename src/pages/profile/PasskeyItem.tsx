/** One passkey of My Profile → Passkeys (PasskeysSection.tsx): its name, when added and last used; rename, remove. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PASSKEY_NAME_MAX, type Passkey } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { Button, TextField } from '@/components/ui';
import { ApiError, call, errorMessage } from '@/lib/api';
import { Badge } from '@/resources/cells';
import { passkeysKey } from './profile-parts';

export function PasskeyItem({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  const { i18n } = useLingui();
  const [renaming, setRenaming] = useState(false);
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="passkey-item">
      {renaming ? (
        <RenameForm passkey={passkey} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <bdi className="font-medium break-words" data-testid="passkey-name">
                {passkey.name}
              </bdi>
              {passkey.backedUp && <Badge tone="green">{i18n._(msg`Synced`)}</Badge>}
            </div>
            <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-700 dark:text-slate-300">
              <dt>{i18n._(msg`Added`)}</dt>
              <dd>{when(passkey.createdAt)}</dd>
              <dt>{i18n._(msg`Last used`)}</dt>
              <dd data-testid="passkey-last-used">
                {passkey.lastUsedAt ? when(passkey.lastUsedAt) : i18n._(msg`Not used yet`)}
              </dd>
            </dl>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" data-testid="passkey-rename" onClick={() => setRenaming(true)}>
              {i18n._(msg`Rename`)}
            </Button>
            <Button variant="secondary" data-testid="passkey-remove" onClick={onRemove}>
              {i18n._(msg`Remove`)}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [name, setName] = useState(passkey.name);
  const rename = useMutation({
    mutationFn: () => call(routes.renamePasskey, { params: { id: passkey.id }, body: { name } }),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
      onDone();
    },
  });
  const error = rename.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate();
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex w-full flex-wrap items-end gap-2"
      data-testid="passkey-rename-form"
    >
      <TextField
        className="min-w-48 flex-1"
        label={i18n._(msg`Name of the passkey`)}
        value={name}
        maxLength={PASSKEY_NAME_MAX}
        required
        autoFocus
        onChange={(event) => setName(event.target.value)}
        error={
          error ? (error instanceof ApiError && error.fieldErrors.name) || errorMessage(error) : undefined
        }
      />
      <div className="flex gap-2">
        <Button type="submit" loading={rename.isPending}>
          {i18n._(msg`Save`)}
        </Button>
        <Button variant="secondary" disabled={rename.isPending} onClick={onDone}>
          {i18n._(msg`Cancel`)}
        </Button>
      </div>
    </form>
  );
}
