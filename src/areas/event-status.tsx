/**
 * An event's status as words and a badge: shared by the events area and the dashboards (kept
 * small, as ./booking-status.tsx: the dashboard loads it first).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EventStatus } from '@/contract';
import { statusBadge, type Tone } from '@/resources/cells';

export const EVENT_STATUS_TEXT: Record<EventStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  pending: msg`Pending approval`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  cancelled: msg`Cancelled`,
  completed: msg`Completed`,
};
const EVENT_TONE: Record<EventStatus, Tone> = {
  draft: 'grey',
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
  cancelled: 'red',
  completed: 'grey',
};
export const EventStatusBadge = statusBadge(EVENT_STATUS_TEXT, EVENT_TONE, 'event-status');
