/**
 * Bookings (docs/product.md §2 /booking, /booking-details; docs/product.md §2). Staff and providers review bookings and
 * move their status and payment status along the contract's transitions; every move is recorded in
 * the booking's history. Bookings come from customers: there is no add or edit form here.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Ban, BadgeCheck, CircleDollarSign, DoorOpen, RotateCcw, Flag, Undo2, XCircle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import {
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  bookingResource,
  PAYMENT_STATUSES,
  paymentMoves,
  type BookingStatus,
  type PaymentStatus,
  type RecordOf,
} from '@/contract';
import { i18n } from '@lingui/core';
import { send } from '@/app/outbox';
import { dateTime, EmailText, Lines, localizedText, Ltr, venueTime } from '@/resources/cells';
import type { AreaAction, AreaConfig } from '@/resources/types';
import {
  BOOKING_STATUS_TEXT,
  BookingStatusBadge,
  money,
  PAYMENT_STATUS_TEXT,
  PaymentBadge,
} from './booking-status';
import { RECORD_SCREENS } from '@/lib/record-screens';

export type Booking = RecordOf<typeof bookingResource>;

/**
 * One action per move of the contract (BOOKING_TRANSITIONS for the status, paymentMoves for
 * the payment), shown only where the booking's current value allows it.
 */
function move(
  field: 'status',
  to: BookingStatus,
  label: MessageDescriptor,
  icon: LucideIcon,
  extra?: Partial<AreaAction<Booking>>,
): AreaAction<Booking>;
function move(
  field: 'paymentStatus',
  to: PaymentStatus,
  label: MessageDescriptor,
  icon: LucideIcon,
  extra?: Partial<AreaAction<Booking>>,
): AreaAction<Booking>;
function move(
  field: 'status' | 'paymentStatus',
  to: string,
  label: MessageDescriptor,
  icon: LucideIcon,
  extra: Partial<AreaAction<Booking>> = {},
): AreaAction<Booking> {
  const allowed = (row: Booking): readonly string[] =>
    field === 'status' ? BOOKING_TRANSITIONS[row.status] : paymentMoves(row.status, row.paymentStatus);
  return {
    id: `${field === 'status' ? 'status' : 'payment'}-${to}`,
    label,
    icon,
    visible: (row) => allowed(row).includes(to),
    bulk: { action: 'status', params: (reason) => ({ [field]: to, note: reason }) },
    // Kept in the outbox when offline (managers at venues): applied to the cached booking at once.
    queues: true,
    run: (row, { reason, idempotencyKey }) =>
      send(
        'bookingUpdateStatus',
        { body: { id: row.id, [field]: to, note: reason, version: row.version } },
        {
          summary: `${row.code}: ${i18n._(label)}`,
          resource: 'booking',
          recordId: row.id,
          patch: { [field]: to },
          identity: { id: row.id, code: row.code },
          idempotencyKey,
        },
      ),
    ...extra,
  };
}

/** Confirm: also offered by the dashboard's "Bookings to confirm" (src/pages/dashboard/ConfirmBooking.tsx). */
export const confirmBookingAction = move('status', 'confirmed', msg`Confirm`, BadgeCheck, {
  primary: true,
  confirm: msg`Confirming holds the seats of this booking.`,
});

const bookingActions: AreaAction<Booking>[] = [
  confirmBookingAction,
  move('status', 'checked_in', msg`Check in`, DoorOpen, { primary: true }),
  move('status', 'completed', msg`Complete`, Flag),
  move('status', 'cancelled', msg`Cancel booking`, Ban, {
    danger: true,
    reason: { title: msg`Cancel booking`, required: false },
  }),
  move('paymentStatus', 'paid', msg`Mark as paid`, CircleDollarSign),
  move('paymentStatus', 'failed', msg`Mark payment as failed`, XCircle, { danger: true }),
  move('paymentStatus', 'pending', msg`Payment back to pending`, Undo2),
  move('paymentStatus', 'refunded', msg`Refund`, RotateCcw, {
    danger: true,
    reason: { title: msg`Refund`, required: false },
  }),
];

export const bookingArea: AreaConfig<Booking> = {
  resource: bookingResource,
  title: msg`Bookings`,
  recordName: (row) => row.code,
  paths: { list: '/booking', details: RECORD_SCREENS.booking },
  card: { status: 'status', fields: ['event', 'customer', 'total'] },
  columns: [
    { id: 'code', header: msg`Code`, sort: 'code', cell: (row) => <Ltr>{row.code}</Ltr> },
    {
      id: 'event',
      header: msg`Event`,
      cell: (row, ctx) => (
        <Lines
          strong
          main={localizedText(row.eventTitle, ctx.language)}
          second={venueTime(row.eventStartsAt, row.eventTimeZone, ctx)}
        />
      ),
    },
    {
      id: 'customer',
      header: msg`Customer`,
      sort: 'customerName',
      // An address reads left to right: cut short at its own end.
      cell: (row) => (
        <Lines main={row.customerName} second={<EmailText value={row.customerEmail} />} secondLanguage="en" />
      ),
    },
    {
      id: 'phone',
      header: msg`Phone`,
      cell: (row) => <Ltr>{row.customerPhone}</Ltr>,
      hiddenByDefault: true,
    },
    {
      id: 'tickets',
      priority: 'low',
      header: msg`Tickets`,
      sort: 'tickets',
      cell: (row, ctx) => ctx.i18n.number(row.tickets),
    },
    { id: 'total', header: msg`Total`, sort: 'total', cell: (row, ctx) => money(row.total, ctx) },
    {
      id: 'paymentStatus',
      priority: 'medium',
      header: msg`Payment`,
      sort: 'paymentStatus',
      cell: (row, ctx) => <PaymentBadge status={row.paymentStatus} ctx={ctx} />,
    },
    {
      id: 'status',
      header: msg`Status`,
      sort: 'status',
      cell: (row, ctx) => <BookingStatusBadge status={row.status} ctx={ctx} />,
    },
    {
      id: 'provider',
      header: msg`Service provider`,
      cell: (row, ctx) => localizedText(row.providerName, ctx.language),
      hiddenByDefault: true,
    },
    {
      id: 'createdAt',
      priority: 'low',
      header: msg`Booked`,
      sort: 'createdAt',
      cell: (row, ctx) => dateTime(row.createdAt, ctx),
    },
  ],
  fields: [],
  filters: [
    {
      key: 'status',
      kind: 'select',
      label: msg`Status`,
      options: BOOKING_STATUSES.map((value) => ({ value, label: BOOKING_STATUS_TEXT[value] })),
    },
    {
      key: 'paymentStatus',
      kind: 'select',
      label: msg`Payment`,
      options: PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_TEXT[value] })),
    },
    { key: 'eventId', kind: 'reference', source: 'event', label: msg`Event` },
    { key: 'from', kind: 'date', label: msg`Booked from`, viewer: true },
    { key: 'to', kind: 'date', label: msg`Booked until`, viewer: true },
  ],
  actions: bookingActions,
  canCreate: () => false,
  canRemove: () => false,
};
