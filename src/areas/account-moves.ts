/**
 * The moves of an account's status, one word each in every area that has accounts (users, service
 * providers, supervisors; docs/product.md §1, "One word per move"): Approve (pending or rejected →
 * approved), Reject (pending → rejected), Block (approved → blocked), Unblock (blocked → approved).
 * The statuses are called by the same words everywhere too (`STATUS_LABELS` of src/resources/cells.tsx).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Ban, CheckCircle2, Undo2, XCircle } from 'lucide-react';
import { USER_STATUS } from '@/contract/roles';
import type { BaseRecord } from '@/resources/queries';
import type { ActionContext, AreaAction } from '@/resources/types';

type AccountStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];
type Account = BaseRecord & { status: AccountStatus };
type Move = Exclude<AccountStatus, '0'>;

export interface AccountMoves<T extends Account, M extends Move> {
  /** Sends a move to `status` through the area's endpoint (`M`: the statuses it can set). */
  run: (status: M) => AreaAction<T>['run'];
  /** Who may move this area's accounts (everyone who sees the area when absent). */
  may?: (ctx: ActionContext) => boolean;
  /** What approving asks to confirm. */
  approve?: { confirm: MessageDescriptor };
  /** Absent: the area's accounts are never rejected (supervisors: their endpoint sets 1 or 3). */
  reject?: '2' extends M ? { title: MessageDescriptor } : never;
  /** A reason asked (and sent), or a confirmation. */
  block: { reason: { title: MessageDescriptor; required: boolean } } | { confirm: MessageDescriptor };
  /** Why the moves wait for the server (ADR 0076); absent: the general reason. */
  needsServer?: MessageDescriptor;
}

/** The area's status moves, in the order a read view offers them. */
export const accountMoves = <T extends Account, M extends Move = Move>({
  run,
  may = () => true,
  approve,
  reject,
  block,
  needsServer,
}: AccountMoves<T, M>): AreaAction<T>[] => {
  const to = (status: Move) => run(status as M);
  const when =
    (...from: AccountStatus[]) =>
    (row: T, ctx: ActionContext) =>
      may(ctx) && from.includes(row.status);
  const server = needsServer ? { needsServer } : {};
  const moves: AreaAction<T>[] = [
    {
      id: 'approve',
      label: msg`Approve`,
      icon: CheckCircle2,
      primary: true,
      visible: when(USER_STATUS.pending, USER_STATUS.rejected),
      ...(approve ?? {}),
      run: to(USER_STATUS.active),
      bulk: { action: 'status', params: () => ({ status: USER_STATUS.active }) },
      ...server,
    },
  ];
  if (reject)
    moves.push({
      id: 'reject',
      label: msg`Reject`,
      icon: XCircle,
      danger: true,
      reason: { title: reject.title, required: true },
      visible: when(USER_STATUS.pending),
      run: to(USER_STATUS.rejected),
      bulk: { action: 'status', params: (reason) => ({ status: USER_STATUS.rejected, reason }) },
      ...server,
    });
  moves.push(
    {
      id: 'block',
      label: msg`Block`,
      icon: Ban,
      danger: true,
      ...block,
      visible: when(USER_STATUS.active),
      run: to(USER_STATUS.blocked),
      bulk: {
        action: 'status',
        params: (reason) =>
          'reason' in block ? { status: USER_STATUS.blocked, reason } : { status: USER_STATUS.blocked },
      },
      ...server,
    },
    {
      id: 'unblock',
      label: msg`Unblock`,
      icon: Undo2,
      primary: true,
      visible: when(USER_STATUS.blocked),
      run: to(USER_STATUS.active),
      bulk: { action: 'status', params: () => ({ status: USER_STATUS.active }) },
      ...server,
    },
  );
  return moves;
};
