/** The door's words (docs/decisions/0055-the-door.md): why a ticket is refused, and times on the venue's clock. */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DoorRefusal } from '@/contract/door';

export const REFUSAL_WORDS: Record<DoorRefusal, MessageDescriptor> = {
  invalid: msg`Invalid ticket`,
  cancelled: msg`Booking cancelled`,
  another_event: msg`Ticket for another event`,
  another_day: msg`Not valid today`,
  unpaid: msg`Not paid`,
  count: msg`Too many guests`,
};

export const REFUSAL_HINTS: Record<DoorRefusal, MessageDescriptor> = {
  invalid: msg`The code is not a ticket of ours, or it was changed.`,
  cancelled: msg`This booking does not hold seats at this event.`,
  another_event: msg`This ticket is for a different event.`,
  another_day: msg`This ticket is for another day of the event.`,
  unpaid: msg`The booking has not been paid.`,
  count: msg`Fewer guests are left on this ticket.`,
};

/** A time on the venue's clock, hours and minutes ("19:02"). */
export const clockAt = (i18n: I18n, iso: string, timeZone: string): string =>
  i18n.date(new Date(iso), { hour: '2-digit', minute: '2-digit', timeZone });
