/**
 * Messages staff write to an event's guests, reminders, unsubscribing and a message's delivery log
 * (docs/decisions/0071-messages-reminders-and-unsubscribe.md), through a real SMTP server on
 * 127.0.0.1: audiences by status, payment and admission; both languages; placeholders; sanitised
 * rich text with its plain-text part; a send at a time claimed once by parallel claims; a reminder
 * once per booking, also when the start moves; RFC 8058 one-click unsubscribe honoured by messages
 * and reminders but not by a change; retry of the failed, idempotent under parallel requests; and
 * who may do it.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admissions, events, guestMessages, mails } from '../../server/db/schema';
import { drainMails } from '../../server/notifications/mail-queue';
import { queueDueMessages, queueDueReminders } from '../../server/notifications/guest-messages';
import type { TestServer } from '../setup/server';
import { guestSuite, type Rec } from './guest-fixtures';

const {
  s: suite,
  call,
  newEvent,
  newBooking,
  received,
} = guestSuite({
  en: 'Message night',
  ar: 'ليلة الرسائل',
  mailbox: 'mguest',
});
let t: TestServer;
let admin: string;
let provider: string;
let providerId: number;
let otherProvider: string;
beforeAll(() => ({ t, admin, provider, providerId, otherProvider } = suite));
const HOUR = 3_600_000;

const everyone = {
  statuses: ['pending', 'confirmed', 'checked_in', 'completed', 'cancelled'],
  payments: ['pending', 'paid', 'refunded', 'failed'],
  admitted: 'any',
};
const draft = (audience: Record<string, unknown> = everyone) => ({
  audience,
  subject: { en: 'Hello {name}: {event}', ar: 'مرحبًا {name}: {event}' },
  body: {
    en: '<p>Doors open before {start}.</p><p><strong>Bring</strong> your ticket: {ticket}</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    ar: '<p>تفتح الأبواب قبل {start}.</p><p>تذكرتك: {ticket}</p>',
  },
});
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ');
const tokenOf = (raw: string) => /\/unsubscribe\/([0-9a-f]{64})/.exec(raw)![1]!;

describe('messages written by staff', () => {
  it('reach the audience chosen, in each guest’s language, placeholders filled, sanitised, with a plain part and a one-click unsubscribe', async () => {
    const e = await newEvent();
    const en = await newBooking(e.id, { status: 'confirmed', paid: true });
    const ar = await newBooking(e.id, { language: 'ar', status: 'confirmed', paid: true });
    const unpaid = await newBooking(e.id, { status: 'confirmed' });
    const gone = await newBooking(e.id, { status: 'cancelled' });
    const admitted = await newBooking(e.id, { status: 'confirmed', paid: true });
    await t.db.db.insert(admissions).values({
      eventId: e.id,
      bookingId: admitted.id,
      providerId,
      count: 1,
      deviceId: 'd1',
      deviceName: 'Gate',
      deviceAt: t.clock.now(),
      at: t.clock.now(),
    });
    const paidNotIn = { statuses: ['confirmed'], payments: ['paid'], admitted: 'not_admitted' };

    // The preview counts the audience and renders both languages without writing anything.
    const preview = await call('POST', `/api/event/${e.id}/messages/preview`, provider, draft(paidNotIn));
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.recipients).toBe(2);
    const count = async (audience: Record<string, unknown>) =>
      (await call('POST', `/api/event/${e.id}/messages/preview`, admin, draft(audience))).body.data
        .recipients;
    expect(await count({ ...paidNotIn, admitted: 'admitted' })).toBe(1);
    expect(await count({ ...paidNotIn, payments: ['pending', 'paid'] })).toBe(3);
    expect(await count({ ...everyone, statuses: ['cancelled'] })).toBe(1);
    expect(preview.body.data.en.subject).toBe(`Hello ${en.customerName}: ${(e.title as { en: string }).en}`);
    expect(preview.body.data.en.html).not.toMatch(/script|onerror|<img/);
    expect(preview.body.data.ar.html).toContain('dir="rtl"');
    expect(preview.body.data.ar.text).toMatch(/تفتح الأبواب قبل .*١٩:٠٠/);
    expect((await t.db.db.select().from(guestMessages).where(eq(guestMessages.eventId, e.id))).length).toBe(
      0,
    );

    const sent = await call('POST', `/api/event/${e.id}/messages`, provider, draft(paidNotIn));
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.data).toEqual({ id: expect.any(Number), recipients: 2 });
    expect(await drainMails(t.deps)).toBe(2);
    const [mailEn] = received(en.customerEmail);
    const title = (e.title as { en: string }).en;
    expect(mailEn!.subject).toBe(`Hello ${en.customerName}: ${title}`);
    // 16:00 UTC on the venue's clock (Riyadh).
    expect(mailEn!.text).toMatch(/Doors open before .*19:00 GMT\+3/);
    expect(mailEn!.text).toMatch(/Bring your ticket: http:\/\/localhost:3000\/ticket\/[0-9a-f]{64}/);
    expect(mailEn!.html).toMatch(/<strong>Bring<\/strong>/);
    expect(mailEn!.html).not.toMatch(/script|onerror/);
    expect(header(mailEn!.raw, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/unsubscribe\/[0-9a-f]{64}>$/,
    );
    expect(header(mailEn!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const [mailAr] = received(ar.customerEmail);
    expect(mailAr!.subject).toBe(`مرحبًا ${ar.customerName}: ${(e.title as { ar: string }).ar}`);
    expect(mailAr!.html).toContain('dir="rtl"');
    for (const other of [unpaid, gone, admitted]) expect(received(other.customerEmail)).toEqual([]);

    // The ticket link shows the booking's QR code.
    const ticket = await t.app.request(
      /http:\/\/localhost:3000(\/ticket\/[0-9a-f]{64})/.exec(mailEn!.text)![1]!,
    );
    expect(ticket.status).toBe(200);
    expect(await ticket.text()).toMatch(/<svg role="img"/);

    // One-click unsubscribe (RFC 8058): the GET page only asks; the POST unsubscribes, once.
    const token = tokenOf(mailEn!.raw);
    const page = await t.app.request(`/unsubscribe/${token}`);
    expect(await page.text()).toMatch(/<form method="post">/);
    const oneClick = () =>
      t.app.request(`/unsubscribe/${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await Promise.all([oneClick(), oneClick()])).map((r) => r.status)).toEqual([200, 200]);
    expect((await t.app.request(`/unsubscribe/${'0'.repeat(64)}`, { method: 'POST' })).status).toBe(404);

    // The next message leaves the guest out; a change of the event still tells them.
    const again = await call('POST', `/api/event/${e.id}/messages`, admin, draft(paidNotIn));
    expect(again.body.data.recipients).toBe(1);
    const list = await call('GET', `/api/event/${e.id}/messages`, provider);
    expect(
      list.body.data.map((m: { recipients: number; counts: unknown }) => [m.recipients, m.counts]),
    ).toEqual([
      [1, { queued: 1, sent: 0, failed: 0 }],
      [2, { queued: 0, sent: 2, failed: 0 }],
    ]);
    await drainMails(t.deps);
    const moved = await call('POST', '/api/event/update-status', admin, {
      id: e.id,
      status: 'cancelled',
      reason: 'Storm',
    });
    expect(moved.status, moved.text).toBe(200);
    await drainMails(t.deps);
    expect(received(en.customerEmail).map((m) => m.subject)).toEqual([
      `Hello ${en.customerName}: ${title}`,
      `Cancelled: ${title}`,
    ]);
    expect(header(received(en.customerEmail)[1]!.raw, 'List-Unsubscribe')).toBeUndefined();
  });

  it('refuses bad input with field errors, a time in the past, and other providers’ events', async () => {
    const e = await newEvent();
    const bad = await call('POST', `/api/event/${e.id}/messages`, admin, {
      ...draft({ ...everyone, statuses: [] }),
      sendAt: '2026-11-22T08:00:00+03:00',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toContain('audience.statuses');
    const past = await call('POST', `/api/event/${e.id}/messages`, admin, {
      ...draft(),
      sendAt: '2026-11-22T11:00:00+03:00',
    });
    expect([past.status, Object.keys(past.body.errors)]).toEqual([422, ['sendAt']]);
    const empty = await call('POST', `/api/event/${e.id}/messages`, admin, {
      ...draft(),
      body: { en: '<script>x</script>', ar: '<p>نص</p>' },
    });
    expect([empty.status, Object.keys(empty.body.errors)]).toEqual([422, ['body.en']]);
    for (const [method, path, body] of [
      ['POST', `/api/event/${e.id}/messages`, draft()],
      ['POST', `/api/event/${e.id}/messages/preview`, draft()],
      ['GET', `/api/event/${e.id}/messages`, undefined],
      ['PUT', `/api/event/${e.id}/reminder`, { hours: 24 }],
    ] as const)
      expect((await call(method, path, otherProvider, body)).status).toBe(404);
    expect((await t.db.db.select().from(guestMessages).where(eq(guestMessages.eventId, e.id))).length).toBe(
      0,
    );
  });

  it('a send at a time on the venue’s clock is stored as an instant and queued once by parallel claims', async () => {
    const e = await newEvent();
    const guests = await Promise.all([1, 2, 3].map(() => newBooking(e.id)));
    // 22 Nov 2026 15:00 in Riyadh is 12:00 UTC; the clock is at 09:00 UTC.
    const res = await call('POST', `/api/event/${e.id}/messages`, admin, {
      ...draft(),
      sendAt: '2026-11-22T15:00:00+03:00',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.recipients).toBe(3);
    const [m] = await t.db.db.select().from(guestMessages).where(eq(guestMessages.id, res.body.data.id));
    expect([m!.state, m!.sendAt.toISOString()]).toEqual(['scheduled', '2026-11-22T12:00:00.000Z']);
    expect(await queueDueMessages(t.deps)).toBe(0);
    t.clock.advance(3 * HOUR);
    const claims = await Promise.all(Array.from({ length: 6 }, () => queueDueMessages(t.deps)));
    expect(claims.reduce((a, b) => a + b, 0)).toBe(1);
    const queued = await t.db.db.select().from(mails).where(eq(mails.messageId, m!.id));
    expect(queued.map((q) => q.bookingId).sort()).toEqual(guests.map((g) => g.id).sort());
    t.clock.advance(-3 * HOUR);
  });

  it('are on the event’s History, with the reminder set and a correction not told', async () => {
    const e = await newEvent();
    await newBooking(e.id);
    expect((await call('PUT', `/api/event/${e.id}/reminder`, provider, { hours: 6 })).status).toBe(200);
    expect((await call('POST', `/api/event/${e.id}/messages`, provider, draft())).status).toBe(201);
    const ev = (await call('GET', `/api/event/${e.id}`, admin)).body.data as Rec;
    const keep = ['title', 'description', 'categoryId', 'providerId', 'countryId', 'cityId', 'locationId'];
    const moved = await call('PUT', `/api/event/${e.id}`, admin, {
      ...Object.fromEntries(keep.map((k) => [k, ev[k]])),
      ...Object.fromEntries(
        ['price', 'capacity', 'images', 'coverImage', 'supervisorIds', 'version'].map((k) => [k, ev[k]]),
      ),
      startsAt: '2027-03-01T17:00:00Z',
      endsAt: '2027-03-01T21:00:00Z',
      notifyGuests: false,
    });
    expect(moved.status, moved.text).toBe(200);
    const history = await call('GET', `/api/audit?resource=event&recordId=${e.id}`, provider);
    expect(history.status, history.text).toBe(200);
    const actions = (history.body.data.items as { action: string }[]).map((x) => x.action);
    expect(actions).toEqual(expect.arrayContaining(['reminder_set', 'guests_messaged', 'guests_not_told']));
  });

  it('the failed are retried once however many ask at once', async () => {
    const e = await newEvent();
    await newBooking(e.id);
    await newBooking(e.id);
    const res = await call('POST', `/api/event/${e.id}/messages`, admin, draft());
    t.smtp.fault = { code: 550, message: 'No such user' };
    await drainMails(t.deps);
    t.smtp.fault = null;
    const log = await call('GET', `/api/event/${e.id}/messages/${res.body.data.id}`, provider);
    expect(log.body.data.message.counts).toEqual({ queued: 0, sent: 0, failed: 2 });
    expect(log.body.data.mails.map((m: { response: string }) => m.response)).toEqual([
      expect.stringMatching(/^550/),
      expect.stringMatching(/^550/),
    ]);
    const retries = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', `/api/event/${e.id}/messages/${res.body.data.id}/retry`, provider),
      ),
    );
    expect(retries.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(retries.reduce((a, r) => a + (r.body.data.retried as number), 0)).toBe(2);
    expect(await drainMails(t.deps)).toBe(2);
    const after = await call('GET', `/api/event/${e.id}/messages`, admin);
    expect(after.body.data[0].counts).toEqual({ queued: 0, sent: 2, failed: 0 });
    expect(
      (await call('POST', `/api/event/${e.id}/messages/${res.body.data.id}/retry`, otherProvider)).status,
    ).toBe(404);
  });
});

describe('reminders', () => {
  it('go once per booking, the chosen hours before the start, in the booking’s language, also when the start moves', async () => {
    // The clock is at 2026-11-22 09:00 UTC; the event starts 30 hours later.
    const e = await newEvent('2026-11-23T15:00:00Z', '2026-11-23T18:00:00Z');
    const en = await newBooking(e.id, { status: 'confirmed' });
    const ar = await newBooking(e.id, { language: 'ar' });
    const gone = await newBooking(e.id, { status: 'cancelled' });
    const set = await call('PUT', `/api/event/${e.id}/reminder`, provider, { hours: 24 });
    expect(set.status, set.text).toBe(200);
    expect((await call('GET', `/api/event/${e.id}/reminder`, provider)).body.data).toEqual({ hours: 24 });
    expect((await call('PUT', `/api/event/${e.id}/reminder`, provider, { hours: 0 })).status).toBe(422);
    expect(await queueDueReminders(t.deps)).toBe(0);
    t.clock.advance(7 * HOUR);
    const claims = await Promise.all(Array.from({ length: 6 }, () => queueDueReminders(t.deps)));
    expect(claims.reduce((a, b) => a + b, 0)).toBe(2);
    await drainMails(t.deps);
    const [mailEn] = received(en.customerEmail);
    expect(mailEn!.subject).toMatch(/^Reminder: Message night \d+, Monday, 23 November 2026 at 18:00 GMT\+3/);
    expect(header(mailEn!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(received(ar.customerEmail)[0]!.subject).toMatch(/^تذكير: ليلة الرسائل/);
    expect(received(gone.customerEmail)).toEqual([]);
    // A later booking gets its own; a moved start sends nobody a second one.
    const late = await newBooking(e.id);
    await t.db.db
      .update(events)
      .set({ startsAt: new Date('2026-11-23T15:30:00Z') })
      .where(eq(events.id, e.id));
    expect(await queueDueReminders(t.deps)).toBe(1);
    expect(await queueDueReminders(t.deps)).toBe(0);
    await drainMails(t.deps);
    expect(received(late.customerEmail)).toHaveLength(1);
    expect(received(en.customerEmail)).toHaveLength(1);
    // The booking's delivery log shows it.
    const log = await call('GET', `/api/booking/mails/${en.id}`, admin);
    expect(log.body.data.map((m: { kind: string; state: string }) => [m.kind, m.state])).toEqual([
      ['reminder', 'sent'],
    ]);
    t.clock.advance(-7 * HOUR);
  });
});
