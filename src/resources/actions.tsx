/**
 * Running a record's actions from the list or the details page: delete (confirmation, the server's
 * 409 "still referenced" message shown in the dialog), and the area's extra actions (approve, block…)
 * with their confirmation or reason dialog, a notice and a refresh of the area's data.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Language } from '@/contract';
import { useConnection } from '@/app/connection';
import { notify } from '@/app/notify';
import { notifyKept } from '@/app/kept-notice';
import { useSession } from '@/app/session';
import { noticeWithUndo, undoesDelete } from '@/app/undo';
import { ApiError, errorMessage, newIdempotencyKey } from '@/lib/api';
import { ConfirmDialog } from '@/components/dialogs';
import { AskDialog, askedOf } from './AskDialog';
import { invalidateResource, useRemoveRecord, type BaseRecord } from './queries';
import type { ActionContext, AreaAction, AreaConfig } from './types';
import { useAskedAction } from './useAskedAction';

/** A read view's one primary button: the record's next step where it has one (Edit otherwise). */
export const primaryAction = <T extends BaseRecord>(visible: readonly AreaAction<T>[]) =>
  visible.find((action) => action.primary && !action.danger);

/**
 * Why an action cannot run now, or null: without the server (offline, or it does not answer) an
 * action that is not kept in the outbox is shown disabled with this reason (ADR 0076).
 */
export function useNeedsServer(): (action: AreaAction<never>) => string | null {
  const { i18n } = useLingui();
  const online = useConnection() === 'online';
  return (action) =>
    online || action.queues
      ? null
      : i18n._(action.needsServer ?? msg`Needs the connection to the server: try again once it is back.`);
}

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
  const queryClient = useQueryClient();
  const remove = useRemoveRecord(area.resource);
  const asked = useAskedAction<Pending<T>>();
  const { pending, setPending, setError, close, renewKey } = asked;
  const undoNotice = (message: string, undo: string) =>
    noticeWithUndo('success', message, undo, { resources: [area.resource.key], queryClient });

  const runAction = (action: AreaAction<T>, row: T, reason: string | null, key: string) =>
    asked.attempt(
      async () => {
        const answer = await action.run(row, { reason, idempotencyKey: key });
        if (!answer.queued) await invalidateResource(queryClient, area.resource);
        // A status move sent now can be undone with the token the server minted for it
        // (docs/decisions/0034-undo-tokens-minted-by-the-server.md); one kept in the outbox cannot.
        if (answer.queued) notifyKept(answer.message);
        else if (action.bulk && answer.undo) undoNotice(answer.message, answer.undo);
        else notify.success(answer.message);
        close();
      },
      // A refusal the user can act on stays in the dialog; other failures are a notice.
      (status) => status >= 400 && status < 500,
    );

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
      else undoNotice(answer.message, answer.undo);
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

  return {
    askDelete: (row) => {
      setError(null);
      setPending({ kind: 'delete', row, key: newIdempotencyKey() });
    },
    start,
    dialogs: pending && (
      <RecordDialog
        area={area}
        pending={pending}
        busy={pending.kind === 'delete' ? remove.isPending : asked.busy}
        error={asked.error}
        onClose={close}
        onConfirm={(reason) =>
          void (pending.kind === 'delete'
            ? confirmDelete(pending.row, pending.key)
            : runAction(pending.action, pending.row, reason, pending.key))
        }
      />
    ),
  };
}

/** The dialog of the pending action: delete's confirmation, or what the area's action asks. */
function RecordDialog<T extends BaseRecord>({
  area,
  pending,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  area: AreaConfig<T>;
  pending: Pending<T>;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (reason: string | null) => void;
}) {
  const { i18n } = useLingui();
  const name = area.recordName(pending.row, { i18n, language: i18n.locale as Language });
  if (pending.kind === 'action') {
    const Detail = pending.action.ConfirmDetail;
    return (
      <AskDialog
        asked={askedOf(pending.action, i18n)}
        detail={Detail && <Detail row={pending.row} />}
        subject={name}
        busy={busy}
        error={error}
        onClose={onClose}
        onConfirm={onConfirm}
      />
    );
  }
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={i18n._(msg`Delete ${name}?`)}
      description={
        undoesDelete(area.resource.key)
          ? i18n._(msg`You can undo it for 10 seconds after.`)
          : i18n._(msg`This cannot be undone.`)
      }
      confirmLabel={i18n._(msg`Delete`)}
      danger
      busy={busy}
      error={error}
      onConfirm={() => onConfirm(null)}
    />
  );
}
