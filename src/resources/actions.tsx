/**
 * Running a record's actions from the list or the details page: delete (confirmation, the server's
 * 409 "still referenced" message shown in the dialog), and the area's extra actions (approve, block…)
 * with their confirmation or reason dialog, a notice and a refresh of the area's data.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Language } from '@/contract';
import { notify } from '@/app/notify';
import { useSession } from '@/app/session';
import { noticeWithUndo, undoesDelete } from '@/app/undo';
import { ApiError, errorMessage, newIdempotencyKey } from '@/lib/api';
import { ConfirmDialog, ReasonDialog } from '@/components/dialogs';
import { invalidateResource, useRemoveRecord, type BaseRecord } from './queries';
import type { ActionContext, AreaAction, AreaConfig } from './types';

export function useActionContext(): ActionContext {
  const queryClient = useQueryClient();
  const { role, permissions } = useSession();
  return { queryClient, role, permissions: permissions ?? [] };
}

type Pending<T extends BaseRecord> =
  { kind: 'delete'; row: T; key: string } | { kind: 'action'; action: AreaAction<T>; row: T; key: string };

export function useRecordActions<T extends BaseRecord>(
  area: AreaConfig<T>,
  { onDeleted }: { onDeleted?: (row: T) => void } = {},
): { askDelete: (row: T) => void; start: (action: AreaAction<T>, row: T) => void; dialogs: ReactNode } {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const queryClient = useQueryClient();
  const remove = useRemoveRecord(area.resource);
  const [pending, setPending] = useState<Pending<T> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPending(null);
    setError(null);
  };
  // A refused request changed nothing: trying again (another reason, after fixing the cause) is a
  // new request with a new key, not a replay that would get the stored refusal back.
  const renewKey = () => setPending((current) => current && { ...current, key: newIdempotencyKey() });

  const runAction = async (action: AreaAction<T>, row: T, reason: string | null, key: string) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await action.run(row, { reason, idempotencyKey: key });
      if (!answer.queued) await invalidateResource(queryClient, area.resource);
      // A status move sent now can be undone with the token the server minted for it
      // (docs/decisions/0034-undo-tokens-minted-by-the-server.md); one kept in the outbox cannot.
      if (!answer.queued && action.bulk && answer.undo)
        noticeWithUndo('success', answer.message, answer.undo, {
          resources: [area.resource.key],
          queryClient,
        });
      else notify.success(answer.message);
      close();
    } catch (caught) {
      // A refusal the user can act on stays in the dialog; other failures are a notice.
      if (caught instanceof ApiError && caught.status >= 400 && caught.status < 500) {
        setError(caught.message);
        renewKey();
      } else {
        notify.error(caught);
        close();
      }
    } finally {
      setBusy(false);
    }
  };

  const start = (action: AreaAction<T>, row: T) => {
    const key = newIdempotencyKey();
    if (action.reason || action.confirm) setPending({ kind: 'action', action, row, key });
    else void runAction(action, row, null, key);
  };

  const confirmDelete = async (row: T, key: string) => {
    setError(null);
    try {
      const answer = await remove.mutateAsync({ id: row.id, idempotencyKey: key });
      if (!undoesDelete(area.resource.key) || !answer.undo) notify.success(answer.message);
      else
        noticeWithUndo('success', answer.message, answer.undo, {
          resources: [area.resource.key],
          queryClient,
        });
      close();
      onDeleted?.(row);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) {
        setError(caught.message);
        renewKey();
      } else if (caught instanceof ApiError && caught.status === 404) {
        // Already gone (deleted elsewhere): the list refreshes.
        await invalidateResource(queryClient, area.resource);
        notify.error(caught);
        close();
      } else setError(errorMessage(caught));
    }
  };

  let dialogs: ReactNode = null;
  if (pending?.kind === 'delete') {
    const name = area.recordName(pending.row, { i18n, language });
    dialogs = (
      <ConfirmDialog
        open
        onOpenChange={(open) => !open && close()}
        title={i18n._(msg`Delete ${name}?`)}
        description={
          undoesDelete(area.resource.key)
            ? i18n._(msg`You can undo it for 10 seconds after.`)
            : i18n._(msg`This cannot be undone.`)
        }
        confirmLabel={i18n._(msg`Delete`)}
        danger
        busy={remove.isPending}
        error={error}
        onConfirm={() => void confirmDelete(pending.row, pending.key)}
      />
    );
  } else if (pending?.kind === 'action') {
    const { action, row, key } = pending;
    const name = area.recordName(row, { i18n, language });
    dialogs = action.reason ? (
      <ReasonDialog
        open
        onOpenChange={(open) => !open && close()}
        title={`${i18n._(action.reason.title)} — ${name}`}
        confirmLabel={i18n._(action.label)}
        required={action.reason.required}
        busy={busy}
        error={error}
        onConfirm={(reason) => void runAction(action, row, reason, key)}
      />
    ) : (
      <ConfirmDialog
        open
        onOpenChange={(open) => !open && close()}
        title={`${i18n._(action.label)} — ${name}`}
        description={action.confirm ? i18n._(action.confirm) : ''}
        confirmLabel={i18n._(action.label)}
        danger={action.danger}
        busy={busy}
        error={error}
        onConfirm={() => void runAction(action, row, null, key)}
      />
    );
  }

  return {
    askDelete: (row) => {
      setError(null);
      setPending({ kind: 'delete', row, key: newIdempotencyKey() });
    },
    start,
    dialogs,
  };
}
