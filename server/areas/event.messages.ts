/**
 * Messages to an event's guests, the event's reminder and a message's delivery log
 * (docs/decisions/0071-messages-reminders-and-unsubscribe.md). Reached as the event's details are:
 * staff for any event, a provider for its own (another's answers 404).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { eventMessagesApi, type GuestMessage } from '../../src/contract/areas/event-messages';
import type { BookingMail } from '../../src/contract/areas/booking';
import type { Language } from '../../src/contract/common';
import { msg } from '../../src/contract/messages';
import type { AuthInfo } from '../auth/sessions';
import { appendAudit } from '../audit/trail';
import { fieldError, notFound } from '../core/errors';
import { venueTime } from '../core/guest-mail';
import { renderMessageMail, ticketUrl, unsubscribeUrl } from '../core/guest-message-mail';
import { smsg } from '../core/messages';
import { sanitizeRichText } from '../core/sanitize';
import { sqlRows, type Executor } from '../db/client';
import { eventReminders, guestMessages, mails } from '../db/schema';
import { route, type Handler } from '../http/route';
import type { App } from '../http/types';
import { wakeSenders } from '../notifications/mail-queue';
import {
  audienceWhere,
  countAudience,
  loadEventFacts,
  queueMessage,
  type EventFacts,
} from '../notifications/guest-messages';
import { providerScopeOf } from '../resources/impl';
import { loadEvent } from './event';

/** The event, if the caller may reach it (its details' rule); else 404. */
const reachableEvent = async (db: Executor, auth: AuthInfo, id: number) => {
  const event = await loadEvent(db, id, providerScopeOf(auth, 'event', true));
  if (!event) throw notFound();
  return { ...(await loadEventFacts(db, event.id))!, providerId: event.providerId };
};

/** Sanitised bodies; a body left empty by the sanitiser is refused as missing. */
const sanitizedBody = (body: { en: string; ar: string }) => {
  const clean = { en: sanitizeRichText(body.en), ar: sanitizeRichText(body.ar) };
  for (const lang of ['en', 'ar'] as const)
    if (!clean[lang].replace(/<[^>]+>/g, '').trim()) throw fieldError(`body.${lang}`, msg('required'));
  return clean;
};

const MAX_LOG = 500;

/** Mails of each message counted by state. */
const countsOf = async (db: Executor, ids: number[]) => {
  const counts = new Map<number, GuestMessage['counts']>(
    ids.map((id) => [id, { queued: 0, sent: 0, failed: 0 }]),
  );
  if (!ids.length) return counts;
  const rows = await db
    .select({ id: mails.messageId, state: mails.state, n: sql<number>`count(*)`.mapWith(Number) })
    .from(mails)
    .where(
      sql`${mails.messageId} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .groupBy(mails.messageId, mails.state);
  for (const r of rows) {
    const c = counts.get(r.id!)!;
    if (r.state === 'sent') c.sent += r.n;
    else if (r.state === 'failed') c.failed += r.n;
    else c.queued += r.n;
  }
  return counts;
};

const toMessage = (m: typeof guestMessages.$inferSelect, counts: GuestMessage['counts']): GuestMessage => ({
  id: m.id,
  subject: m.subject,
  audience: m.audience as GuestMessage['audience'],
  sendAt: m.sendAt.toISOString(),
  state: m.state === 'scheduled' ? 'scheduled' : 'queued',
  recipients: m.recipients,
  counts,
  by: m.createdByName,
  createdAt: m.createdAt.toISOString(),
});

/** A sample guest for a preview with no recipient. */
const SAMPLE: Record<Language, string> = { en: 'Guest name', ar: 'اسم الضيف' };

const previewOf = async (
  db: Executor,
  publicUrl: string,
  e: EventFacts,
  draft: {
    audience: GuestMessage['audience'];
    subject: { en: string; ar: string };
    body: { en: string; ar: string };
  },
) => {
  const body = sanitizedBody(draft.body);
  const [first] = await sqlRows<{ name: string; email: string }>(
    db,
    sql`select b.customer_name as name, b.customer_email as email from bookings b where ${audienceWhere(e.id, draft.audience)} order by b.id limit 1`,
  );
  const render = (lang: Language) => {
    const m = renderMessageMail(
      lang,
      first?.email ?? '',
      { subject: draft.subject[lang], html: body[lang] },
      {
        name: first?.name ?? SAMPLE[lang],
        event: e.title[lang] || e.title.en,
        start: venueTime(e.place.startsAt, e.place.timeZone, lang),
        ticket: ticketUrl(publicUrl, '…'),
      },
      unsubscribeUrl(publicUrl, '…'),
    );
    return { subject: m.subject, html: m.html, text: m.text };
  };
  return { recipients: await countAudience(db, e.id, draft.audience), en: render('en'), ar: render('ar') };
};

const createMessage: Handler<typeof eventMessagesApi.eventMessageCreate> = async ({
  deps,
  params,
  body,
  requireAuth,
  audit,
}) => {
  const auth = requireAuth();
  const e = await reachableEvent(deps.db, auth, params.id);
  const now = deps.config.now();
  const sendAt = body.sendAt ? new Date(body.sendAt) : now;
  if (body.sendAt && sendAt.getTime() <= now.getTime()) throw fieldError('sendAt', msg('sendAtPast'));
  const clean = sanitizedBody(body.body);
  const later = sendAt.getTime() > now.getTime();
  const [m] = await deps.db
    .insert(guestMessages)
    .values({
      eventId: e.id,
      audience: body.audience,
      subject: body.subject,
      body: clean,
      sendAt,
      state: 'scheduled',
      createdBy: auth.user.id,
      createdByName: auth.user.name,
      createdAt: now,
    })
    .returning();
  let recipients: number;
  if (later) {
    recipients = await countAudience(deps.db, e.id, body.audience);
    await deps.db.update(guestMessages).set({ recipients }).where(eq(guestMessages.id, m!.id));
  } else recipients = await queueMessage(deps.db, deps, { ...m!, audience: body.audience }, e, now);
  // On the event's History: who wrote to how many guests (the texts stay with the message).
  await appendAudit(deps.db, audit, {
    action: 'guests_messaged',
    resource: 'event',
    recordId: e.id,
    providerId: e.providerId,
    eventId: e.id,
    detail: { message: m!.id, subject: body.subject.en, sendAt: sendAt.toISOString(), recipients },
  });
  return {
    message: later ? smsg('messageScheduled') : smsg('messageQueued', { n: recipients }),
    data: { id: m!.id, recipients },
  };
};

const messageLog: Handler<typeof eventMessagesApi.eventMessageRecipients> = async ({
  deps,
  params,
  requireAuth,
}) => {
  const e = await reachableEvent(deps.db, requireAuth(), params.id);
  const [m] = await deps.db
    .select()
    .from(guestMessages)
    .where(and(eq(guestMessages.id, params.messageId), eq(guestMessages.eventId, e.id)));
  if (!m) throw notFound();
  const rows = await deps.db
    .select()
    .from(mails)
    .where(eq(mails.messageId, m.id))
    .orderBy(sql`(${mails.state} = 'failed') desc`, mails.id)
    .limit(MAX_LOG);
  return {
    message: smsg('loaded'),
    data: {
      message: toMessage(m, (await countsOf(deps.db, [m.id])).get(m.id)!),
      mails: rows.map((r) => ({
        id: r.id,
        bookingId: r.bookingId,
        kind: r.kind as BookingMail['kind'],
        subject: r.subject,
        to: r.toAddress,
        language: r.language === 'ar' ? ('ar' as const) : ('en' as const),
        state: r.state as BookingMail['state'],
        attempts: r.attempts,
        response: r.response,
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
        nextAttemptAt: r.state === 'queued' ? r.nextAttemptAt.toISOString() : null,
      })),
    },
  };
};

export const registerEventMessageRoutes = (app: App) => {
  route(app, eventMessagesApi.eventMessagePreview, async ({ deps, params, body, requireAuth }) => {
    const e = await reachableEvent(deps.db, requireAuth(), params.id);
    return { message: smsg('loaded'), data: await previewOf(deps.db, deps.config.publicUrl, e, body) };
  });

  route(app, eventMessagesApi.eventMessageCreate, createMessage);

  route(app, eventMessagesApi.eventMessages, async ({ deps, params, requireAuth }) => {
    const e = await reachableEvent(deps.db, requireAuth(), params.id);
    const rows = await deps.db
      .select()
      .from(guestMessages)
      .where(eq(guestMessages.eventId, e.id))
      .orderBy(desc(guestMessages.id))
      .limit(100);
    const counts = await countsOf(
      deps.db,
      rows.map((r) => r.id),
    );
    return { message: smsg('loaded'), data: rows.map((r) => toMessage(r, counts.get(r.id)!)) };
  });

  route(app, eventMessagesApi.eventMessageRecipients, messageLog);

  // Retry the failed: one statement; rows another request retried at once are no longer failed.
  route(app, eventMessagesApi.eventMessageRetry, async ({ deps, params, requireAuth }) => {
    const e = await reachableEvent(deps.db, requireAuth(), params.id);
    const [m] = await deps.db
      .select({ id: guestMessages.id })
      .from(guestMessages)
      .where(and(eq(guestMessages.id, params.messageId), eq(guestMessages.eventId, e.id)));
    if (!m) throw notFound();
    const now = deps.config.now();
    const retried = await deps.db
      .update(mails)
      .set({ state: 'queued', attempts: 0, nextAttemptAt: now, updatedAt: now })
      .where(and(eq(mails.messageId, m.id), eq(mails.state, 'failed')))
      .returning({ id: mails.id });
    if (retried.length) await wakeSenders(deps.db);
    return { message: smsg('mailsRetried', { n: retried.length }), data: { retried: retried.length } };
  });

  route(app, eventMessagesApi.eventReminder, async ({ deps, params, requireAuth }) => {
    const e = await reachableEvent(deps.db, requireAuth(), params.id);
    const [r] = await deps.db.select().from(eventReminders).where(eq(eventReminders.eventId, e.id));
    return { message: smsg('loaded'), data: { hours: r?.hours ?? null } };
  });

  route(app, eventMessagesApi.eventReminderSave, async ({ deps, params, body, requireAuth, audit }) => {
    const e = await reachableEvent(deps.db, requireAuth(), params.id);
    const now = deps.config.now();
    if (body.hours === null) await deps.db.delete(eventReminders).where(eq(eventReminders.eventId, e.id));
    else
      await deps.db
        .insert(eventReminders)
        .values({ eventId: e.id, hours: body.hours, updatedAt: now })
        .onConflictDoUpdate({ target: eventReminders.eventId, set: { hours: body.hours, updatedAt: now } });
    await appendAudit(deps.db, audit, {
      action: 'reminder_set',
      resource: 'event',
      recordId: e.id,
      providerId: e.providerId,
      eventId: e.id,
      detail: { hours: body.hours },
    });
    return { message: smsg('reminderSaved'), data: { hours: body.hours } };
  });
};
