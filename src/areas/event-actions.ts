/**
 * An event's status moves (EVENT_TRANSITIONS) and featuring, as the list's and the details page's
 * actions (src/areas/event.tsx).
 */
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LucideIcon } from 'lucide-react';
import { Ban, CheckCircle2, Flag, Send, Star, StarOff, Undo2, XCircle } from 'lucide-react';
import { eventTransition, type EventStatus, type Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { send } from '@/app/outbox';
import { call } from '@/lib/api';
import { localizedText } from '@/resources/cells';
import type { ActionContext, AreaAction } from '@/resources/types';
import type { Event } from './event';

/** Whether the contract lets this caller move the event to `to` now (mirrors the server's checks). */
function canMove(row: Event, to: EventStatus, ctx: Pick<ActionContext, 'role'>, now = Date.now()) {
  const rule = eventTransition(row.status, to);
  if (!rule) return false;
  if (rule.by === 'admin' && ctx.role !== 'admin') return false;
  if (rule.beforeStart && now >= Date.parse(row.startsAt)) return false;
  if (rule.afterEnd && now < Date.parse(row.endsAt)) return false;
  return true;
}

function move(
  to: EventStatus,
  label: MessageDescriptor,
  icon: LucideIcon,
  extra: Partial<AreaAction<Event>> = {},
): AreaAction<Event> {
  return {
    id: `status-${to}`,
    label,
    icon,
    visible: (row, ctx) => canMove(row, to, ctx),
    bulk: { action: 'status', params: (reason) => ({ status: to, reason }) },
    // Kept in the outbox without the server, on the version it was decided on: a replay after the
    // event changed is a conflict to settle, never a silent overwrite (docs/decisions/0076-offline-decisions-an-unreachable-server-and-one-history.md).
    queues: true,
    run: (row, { reason, idempotencyKey }) =>
      send(
        to === 'approved' || to === 'rejected' ? 'eventApprove' : 'eventUpdateStatus',
        { body: { id: row.id, status: to, reason, version: row.version } },
        {
          summary: `${localizedText(row.title, i18n.locale as Language)}: ${i18n._(label)}`,
          resource: 'event',
          recordId: row.id,
          patch: { status: to, statusReason: to === 'rejected' || to === 'cancelled' ? reason : null },
          idempotencyKey,
        },
      ),
    ...extra,
  };
}

const feature = (featured: boolean): AreaAction<Event> => ({
  id: featured ? 'feature' : 'unfeature',
  label: featured ? msg`Feature` : msg`Stop featuring`,
  icon: featured ? Star : StarOff,
  visible: (row, ctx) => ctx.role === 'admin' && row.status === 'approved' && row.featured !== featured,
  bulk: { action: 'featured', params: () => ({ featured }) },
  run: (row, { idempotencyKey }) =>
    call(routes.eventUpdateFeatured, { body: { id: row.id, featured }, idempotencyKey }),
});

export const eventActions: AreaAction<Event>[] = [
  move('pending', msg`Submit for approval`, Send, {
    primary: true,
    confirm: msg`An admin reviews the event before it is published.`,
  }),
  move('approved', msg`Approve`, CheckCircle2, {
    primary: true,
    confirm: msg`The event is published once approved.`,
  }),
  move('rejected', msg`Reject`, XCircle, {
    danger: true,
    reason: { title: msg`Reject event`, required: true },
  }),
  move('draft', msg`Back to draft`, Undo2),
  move('completed', msg`Mark as completed`, Flag),
  move('cancelled', msg`Cancel event`, Ban, {
    danger: true,
    reason: {
      title: msg`Cancel event: its pending and confirmed bookings are cancelled too`,
      required: true,
    },
  }),
  feature(true),
  feature(false),
];
