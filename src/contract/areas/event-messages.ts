/**
 * Messages staff write to an event's guests, the event's reminder and the delivery log of a message
 * (docs/product.md, "Messages to guests"; docs/decisions/0071-messages-reminders-and-unsubscribe.md).
 * Reached as the event's details are: staff for any event, a provider for its own.
 */
import { z } from 'zod';
import { id } from '../common';
import { endpoint, needs, ok } from '../http';
import { msg } from '../messages';
import { bookingMail, bookingStatus, paymentStatus } from './booking';
import { dateTime } from './values';

const tag = 'Events';

/** The placeholders a message may hold, filled per guest when its mail is sent. */
export const MESSAGE_PLACEHOLDERS = ['name', 'event', 'start', 'ticket'] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];

export const ADMITTED = ['any', 'admitted', 'not_admitted'] as const;
const MAX_SUBJECT = 200;
const MAX_MESSAGE_HTML = 20_000;
/** A reminder between one hour and two weeks before the start. */
export const REMINDER_HOURS = { min: 1, max: 336 } as const;

const audience = z.strictObject({
  statuses: z.array(bookingStatus).min(1, msg('chooseOne')).max(5),
  payments: z.array(paymentStatus).min(1, msg('chooseOne')).max(4),
  admitted: z.enum(ADMITTED),
});
export type MessageAudience = z.infer<typeof audience>;

const subjectText = z
  .string()
  .trim()
  .min(1, msg('required'))
  .max(MAX_SUBJECT, msg('maxChars', { n: MAX_SUBJECT }));
const bodyHtml = z
  .string()
  .min(1, msg('required'))
  .max(MAX_MESSAGE_HTML, msg('maxChars', { n: MAX_MESSAGE_HTML }));

const draft = z.strictObject({
  audience,
  subject: z.strictObject({ en: subjectText, ar: subjectText }),
  /** Rich text (HTML), sanitised by the server against the pages' allow-list. */
  body: z.strictObject({ en: bodyHtml, ar: bodyHtml }),
});

const messageBody = draft.extend({
  /** When to send: an instant with the venue's offset (a time on the venue's clock); null = now. */
  sendAt: dateTime.nullable().default(null),
});

const rendered = z.object({ subject: z.string(), html: z.string(), text: z.string() });

const counts = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});

const guestMessage = z.object({
  id: z.number().int(),
  subject: z.object({ en: z.string(), ar: z.string() }),
  audience,
  sendAt: z.string(),
  state: z.enum(['scheduled', 'queued']),
  recipients: z.number().int(),
  counts,
  by: z.object({ en: z.string(), ar: z.string() }),
  createdAt: z.string(),
});
export type GuestMessage = z.infer<typeof guestMessage>;

const messageParams = z.strictObject({ id, messageId: id });

export const eventMessagesApi = {
  eventMessageCreate: endpoint({
    method: 'POST',
    path: '/api/event/:id/messages',
    summary:
      'Writes a message to the event’s guests chosen by booking status, payment state and admission, in English and Arabic with placeholders {name}, {event}, {start} (on the venue’s clock) and {ticket}: sent now, or at `sendAt` (refused in the past). Guests who unsubscribed are left out. Answers its id and how many guests it goes to now.',
    tag,
    access: needs('event'),
    params: z.strictObject({ id }),
    body: messageBody,
    response: ok(z.object({ id: z.number().int(), recipients: z.number().int() })),
    successStatus: 201,
    idempotent: true,
  }),
  eventMessages: endpoint({
    method: 'GET',
    path: '/api/event/:id/messages',
    summary:
      'The event’s messages, newest first, each with its audience, due time and its mails counted by state (queued, sent, failed).',
    tag,
    access: needs('event'),
    params: z.strictObject({ id }),
    response: ok(z.array(guestMessage)),
  }),
  eventMessagePreview: endpoint({
    method: 'POST',
    path: '/api/event/:id/messages/preview',
    summary:
      'A draft message as its first recipient (or a sample guest) would read it in each language, and how many guests its audience counts now. Writes nothing.',
    tag,
    access: needs('event'),
    params: z.strictObject({ id }),
    body: draft,
    response: ok(z.object({ recipients: z.number().int(), en: rendered, ar: rendered })),
  }),
  eventMessageRecipients: endpoint({
    method: 'GET',
    path: '/api/event/:id/messages/:messageId',
    summary:
      'A message’s delivery log: its mails, failed first, with the mail server’s answers (the first 500).',
    tag,
    access: needs('event'),
    params: messageParams,
    response: ok(
      z.object({
        message: guestMessage,
        mails: z.array(bookingMail.extend({ bookingId: z.number().int().nullable() })),
      }),
    ),
  }),
  eventMessageRetry: endpoint({
    method: 'POST',
    path: '/api/event/:id/messages/:messageId/retry',
    summary:
      'Queues the message’s failed mails once more (their tries start again); answers how many. A repeat, or a request racing it, finds none left to retry.',
    tag,
    access: needs('event'),
    params: messageParams,
    response: ok(z.object({ retried: z.number().int() })),
    idempotent: true,
  }),
  eventReminder: endpoint({
    method: 'GET',
    path: '/api/event/:id/reminder',
    summary: 'The event’s automatic reminder: how many hours before the start (null: none).',
    tag,
    access: needs('event'),
    params: z.strictObject({ id }),
    response: ok(z.object({ hours: z.number().int().nullable() })),
  }),
  eventReminderSave: endpoint({
    method: 'PUT',
    path: '/api/event/:id/reminder',
    summary:
      'Sets the event’s automatic reminder, mailed to each guest (in the booking’s language) the chosen number of hours before the start, once per booking; null turns it off.',
    tag,
    access: needs('event'),
    params: z.strictObject({ id }),
    body: z.strictObject({
      hours: z
        .number()
        .int()
        .min(REMINDER_HOURS.min, msg('invalidValue'))
        .max(REMINDER_HOURS.max, msg('invalidValue'))
        .nullable(),
    }),
    response: ok(z.object({ hours: z.number().int().nullable() })),
    idempotent: true,
  }),
};
