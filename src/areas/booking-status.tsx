/**
 * Booking and payment statuses as words and badges, and money in the reader's language: shared by
 * the bookings area and the dashboards (kept small: the dashboard loads it first).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BookingStatus, PaymentStatus } from '@/contract';
import { formatMoney } from '@/contract/plain';
import { statusBadge } from '@/resources/cells';
import type { RenderContext } from '@/resources/types';

export const BOOKING_STATUS_TEXT: Record<BookingStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  confirmed: msg`Confirmed`,
  cancelled: msg`Cancelled`,
  checked_in: msg`Checked in`,
  completed: msg`Completed`,
};
export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg`Payment pending`,
  paid: msg`Paid`,
  refunded: msg`Refunded`,
  failed: msg`Payment failed`,
};
const STATUS_TONE = {
  pending: 'amber',
  confirmed: 'green',
  cancelled: 'red',
  checked_in: 'green',
  completed: 'grey',
} as const;
const PAYMENT_TONE = { pending: 'amber', paid: 'green', refunded: 'grey', failed: 'red' } as const;

export const BookingStatusBadge = statusBadge(BOOKING_STATUS_TEXT, STATUS_TONE, 'booking-status');
export const PaymentBadge = statusBadge(PAYMENT_STATUS_TEXT, PAYMENT_TONE, 'payment-status');

export const money = (minor: number, ctx: RenderContext) => formatMoney(minor, ctx.language);
