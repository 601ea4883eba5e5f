/**
 * Guests hear from their event (docs/decisions/0067-the-mail-queue.md): a cancellation, new times
 * and a new venue each queue one mail per booking with an e-mail that is not cancelled, in the
 * booking's language, in the change's transaction; "don't tell" is honoured and audited; an undone
 * cancellation tells its guests the event is back on; the queue sends each mail once through a real
 * SMTP server on 127.0.0.1, retries 4xx answers, refused connections, a stalled server and a
 * connection closed without an answer with a backoff, fails 5xx answers with the server's answer;
 * the delivery log shows it all, to those who may see the booking.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, locations, mails } from '../../server/db/schema';
import { createSmtpMailer } from '../../server/core/mailer';
import { drainMails, mailBackoffMs, MAIL_MAX_ATTEMPTS } from '../../server/notifications/mail-queue';
import type { TestServer } from '../setup/server';
import { eventResource } from '../../src/contract/areas/event';
import { updateBodyOf } from '../support/bodies';
import { guestSuite, type Rec } from './guest-fixtures';
import { freePort } from '../support/ports';

const {
  s: suite,
  call,
  newEvent,
  newBooking,
  received,
} = guestSuite({
  en: 'Mail night',
  ar: 'ليلة البريد',
  mailbox: 'guest',
});
let t: TestServer;
let admin: string;
let provider: string;
let otherProvider: string;
beforeAll(() => ({ t, admin, provider, otherProvider } = suite));

const mailsOf = (eventId: number) =>
  t.db.db.select().from(mails).where(eq(mails.eventId, eventId)).orderBy(mails.id);
const editBody = (e: Rec, changes: Record<string, unknown>) => updateBodyOf(eventResource, e, changes);

describe('event changes reach guests', () => {
  it('a new start is mailed once to each guest not cancelled, in the booking’s language, on the venue’s clock', async () => {
    const e = await newEvent();
    const en = await newBooking(e.id);
    const ar = await newBooking(e.id, { language: 'ar', status: 'confirmed' });
    const gone = await newBooking(e.id, { status: 'cancelled' });
    expect((await call('GET', `/api/event/guests-to-tell/${e.id}`, admin)).body.data).toEqual({ guests: 2 });
    const res = await call(
      'PUT',
      `/api/event/${e.id}`,
      admin,
      editBody(e, { startsAt: '2027-03-01T18:00:00Z', endsAt: '2027-03-01T22:00:00Z' }),
    );
    expect(res.status, res.text).toBe(200);
    // One per guest, in no particular order (the queue's ids follow the insert, not the bookings).
    const queued = (await mailsOf(e.id)).sort((a, b) => (a.bookingId ?? 0) - (b.bookingId ?? 0));
    expect(queued.map((m) => [m.bookingId, m.language, m.kind, m.state])).toEqual([
      [en.id, 'en', 'event_changed', 'queued'],
      [ar.id, 'ar', 'event_changed', 'queued'],
    ]);
    expect(await drainMails(t.deps)).toBe(2);
    const [mailEn] = received(en.customerEmail as string);
    expect(mailEn!.subject).toBe(`New time: ${(e.title as { en: string }).en}`);
    // 16:00 UTC is 19:00 in Riyadh (the demo venues' zone), now 21:00; both shown with the zone.
    expect(mailEn!.text).toMatch(/Starts: .*21:00 GMT\+3 \(Riyadh time\)/);
    expect(mailEn!.text).toMatch(/Before:[\s\S]*19:00 GMT\+3/);
    const [mailAr] = received(ar.customerEmail as string);
    expect(mailAr!.subject).toMatch(/^تغيّر موعد: ليلة البريد/);
    expect(mailAr!.html).toContain('dir="rtl"');
    expect(received(gone.customerEmail as string)).toEqual([]);
    // Sent: nothing is sent twice.
    expect(await drainMails(t.deps)).toBe(0);
    expect(
      (await mailsOf(e.id)).every(
        (m) => m.state === 'sent' && m.attempts === 1 && m.response?.startsWith('250'),
      ),
    ).toBe(true);
  });

  it('a new venue is mailed; a correction ("don’t tell") mails nobody and is on the audit trail; a refused edit mails nobody', async () => {
    const e = await newEvent();
    await newBooking(e.id);
    const [other] = await t.db.db
      .insert(locations)
      .values({
        name: { en: `Hall ${e.id}`, ar: `قاعة ${e.id}` },
        cityId: e.cityId as number,
        latitude: 24.7,
        longitude: 46.7,
        timeZone: 'Asia/Riyadh',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .returning();
    expect(other, 'a second venue in the city').toBeTruthy();
    // A correction first.
    let res = await call(
      'PUT',
      `/api/event/${e.id}`,
      admin,
      editBody(e, { startsAt: '2027-03-01T16:30:00Z', notifyGuests: false }),
    );
    expect(res.status, res.text).toBe(200);
    expect(await mailsOf(e.id)).toEqual([]);
    const [entry] = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'guests_not_told'), eq(auditLog.eventId, e.id)));
    expect(entry!.detail).toMatchObject({ guests: 1 });
    // A refused edit (capacity 0) rolls back and mails nobody.
    res = await call(
      'PUT',
      `/api/event/${e.id}`,
      admin,
      editBody(res.body.data, { locationId: other!.id, capacity: 0 }),
    );
    expect(res.status).toBe(422);
    expect(await mailsOf(e.id)).toEqual([]);
    // The venue, told.
    const now = (await call('GET', `/api/event/${e.id}`, admin)).body.data as Rec;
    res = await call('PUT', `/api/event/${e.id}`, admin, editBody(now, { locationId: other!.id }));
    expect(res.status, res.text).toBe(200);
    const [m] = await mailsOf(e.id);
    expect(m!.subject).toMatch(/^New venue: /);
    // Only the title changed: no mail.
    const later = (await call('GET', `/api/event/${e.id}`, admin)).body.data as Rec;
    res = await call(
      'PUT',
      `/api/event/${e.id}`,
      admin,
      editBody(later, { title: { en: 'Renamed', ar: 'اسم جديد' } }),
    );
    expect(res.status, res.text).toBe(200);
    expect(await mailsOf(e.id)).toHaveLength(1);
  });

  it('a cancellation mails every guest whose booking it cancels, with the reason', async () => {
    const e = await newEvent();
    const b = await newBooking(e.id, { status: 'confirmed' });
    await newBooking(e.id, { language: 'ar' });
    expect(
      (
        await call('POST', '/api/event/update-status', provider, {
          id: e.id,
          status: 'cancelled',
          reason: 'Storm warning',
        })
      ).status,
    ).toBe(200);
    const queued = await mailsOf(e.id);
    expect(queued.map((m) => [m.kind, m.language])).toEqual([
      ['event_cancelled', 'en'],
      ['event_cancelled', 'ar'],
    ]);
    await drainMails(t.deps);
    const [mail] = received(b.customerEmail as string);
    expect(mail!.subject).toMatch(/^Cancelled: Mail night/);
    expect(mail!.text).toContain('Storm warning');
    // The delivery log: staff and the event's provider see it; another provider does not.
    const log = await call('GET', `/api/booking/mails/${b.id}`, provider);
    expect(log.status, log.text).toBe(200);
    expect(log.body.data).toEqual([
      expect.objectContaining({
        kind: 'event_cancelled',
        state: 'sent',
        attempts: 1,
        to: b.customerEmail,
        language: 'en',
      }),
    ]);
  });
});

describe('an undone cancellation', () => {
  it('tells each guest told of the cancellation, once, in their language, that the event is back on', async () => {
    const e = await newEvent();
    const en = await newBooking(e.id, { status: 'confirmed' });
    const ar = await newBooking(e.id, { language: 'ar' });
    const gone = await newBooking(e.id, { status: 'cancelled' });
    const res = await call('POST', '/api/event/update-status', provider, {
      id: e.id,
      status: 'cancelled',
      reason: 'Storm warning',
    });
    expect(res.status, res.text).toBe(200);
    // A reader of the delivery log finds the mails before the undo.
    await drainMails(t.deps);
    // The undo, sent three times at once: applied once, told once.
    const undos = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/undo', provider, { token: res.body.undo })),
    );
    expect(undos.map((u) => u.status).sort()).toEqual([200, 409, 409]);
    const queued = (await mailsOf(e.id)).filter((m) => m.kind === 'event_reinstated');
    expect(queued.map((m) => [m.bookingId, m.language]).sort()).toEqual(
      [
        [en.id, 'en'],
        [ar.id, 'ar'],
      ].sort(),
    );
    await drainMails(t.deps);
    const [back] = received(en.customerEmail as string).filter((m) => m.subject.startsWith('Back on'));
    expect(back!.subject).toBe(`Back on: ${(e.title as { en: string }).en}`);
    expect(back!.text).toMatch(/back on[\s\S]*Starts: .*19:00 GMT\+3/);
    const [backAr] = received(ar.customerEmail as string).filter((m) => m.subject.startsWith('عادت'));
    expect(backAr!.html).toContain('dir="rtl"');
    expect(received(gone.customerEmail as string)).toEqual([]);
    expect((await call('GET', `/api/booking/mails/${en.id}`, provider)).body.data[0]).toMatchObject({
      kind: 'event_reinstated',
      state: 'sent',
    });
    // Cancelled again and restored by an admin from the trail: the guests of that cancellation
    // whose booking stands hear of it; the bookings it cancelled (not put back) do not.
    const again = await call('POST', '/api/event/update-status', admin, {
      id: e.id,
      status: 'cancelled',
      reason: 'Second storm',
    });
    expect(again.status, again.text).toBe(200);
    const [entry] = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'events'), eq(auditLog.recordId, String(e.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const restored = await call('POST', `/api/audit/${entry!.id}/restore`, admin, {});
    expect(restored.status, restored.text).toBe(200);
    expect((await mailsOf(e.id)).filter((m) => m.kind === 'event_reinstated')).toHaveLength(2);
    await drainMails(t.deps);
  });
});

describe('the queue and a faulty SMTP server', () => {
  const queueOne = async () => {
    const e = await newEvent();
    const b = await newBooking(e.id);
    const res = await call(
      'PUT',
      `/api/event/${e.id}`,
      admin,
      editBody(e, { startsAt: '2027-03-01T17:00:00Z' }),
    );
    expect(res.status, res.text).toBe(200);
    return { e, b };
  };
  const rowOf = async (bookingId: number) =>
    (await t.db.db.select().from(mails).where(eq(mails.bookingId, bookingId)))[0]!;

  it('451 is tried again after a backoff, then sent; 550 fails at once with the answer', async () => {
    const { b } = await queueOne();
    t.smtp.fault = { code: 451, message: 'Try again later' };
    await drainMails(t.deps);
    let row = await rowOf(b.id);
    expect([row.state, row.attempts, row.response]).toEqual(['queued', 1, expect.stringContaining('451')]);
    expect(row.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + mailBackoffMs(1));
    // Not before its time.
    t.smtp.fault = null;
    expect(await drainMails(t.deps)).toBe(0);
    t.clock.advance(mailBackoffMs(1));
    expect(await drainMails(t.deps)).toBe(1);
    row = await rowOf(b.id);
    expect([row.state, row.attempts]).toEqual(['sent', 2]);
    expect(received(b.customerEmail as string)).toHaveLength(1);

    const second = await queueOne();
    t.smtp.fault = { code: 550, message: 'No such mailbox' };
    await drainMails(t.deps);
    t.smtp.fault = null;
    row = await rowOf(second.b.id);
    expect([row.state, row.attempts, row.response]).toEqual([
      'failed',
      1,
      expect.stringMatching(/550.*No such mailbox/),
    ]);
    t.clock.advance(60 * 60_000);
    expect(await drainMails(t.deps)).toBe(0);
    const log = (await call('GET', `/api/booking/mails/${second.b.id}`, admin)).body.data;
    expect(log[0]).toMatchObject({ state: 'failed', response: expect.stringContaining('No such mailbox') });
  });

  it('a refused connection and a stalled server are retried, at most MAIL_MAX_ATTEMPTS times, then failed', async () => {
    const { b } = await queueOne();
    const nowhere = createSmtpMailer(`smtp://127.0.0.1:${await freePort()}`, t.config.mailFrom, 500);
    const refused = { ...t.deps, mailer: nowhere };
    for (let i = 1; i < MAIL_MAX_ATTEMPTS; i++) {
      await drainMails(refused);
      const row = await rowOf(b.id);
      expect([row.state, row.attempts]).toEqual(['queued', i]);
      expect(row.response).toMatch(/ECONNECTION|ECONNREFUSED/);
      t.clock.advance(mailBackoffMs(i));
    }
    await drainMails(refused);
    expect((await rowOf(b.id)).state).toBe('failed');
    nowhere.close?.();

    const stalled = await queueOne();
    t.smtp.fault = 'stall';
    const impatient = createSmtpMailer(t.smtp.url, t.config.mailFrom, 300);
    await drainMails({ ...t.deps, mailer: impatient });
    impatient.close?.();
    t.smtp.fault = null;
    const row = await rowOf(stalled.b.id);
    expect([row.state, row.attempts]).toEqual(['queued', 1]);
    t.clock.advance(mailBackoffMs(1));
    await drainMails(t.deps);
    expect((await rowOf(stalled.b.id)).state).toBe('sent');
    expect(received(stalled.b.customerEmail as string)).toHaveLength(1);
  });

  it('a connection closed after the data with no answer: tried again after the backoff, received once', async () => {
    const { b } = await queueOne();
    t.smtp.fault = 'drop';
    await drainMails(t.deps);
    t.smtp.fault = null;
    const row = await rowOf(b.id);
    expect([row.state, row.attempts]).toEqual(['queued', 1]);
    expect(row.response).toMatch(/ECONNECTION|closed/i);
    expect(received(b.customerEmail as string)).toEqual([]);
    t.clock.advance(mailBackoffMs(1));
    expect(await drainMails(t.deps)).toBe(1);
    expect(await rowOf(b.id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(received(b.customerEmail as string)).toHaveLength(1);
  });

  it('a mail whose sender died is claimed again only after its lease; the delivery log is the booking’s own', async () => {
    const { b } = await queueOne();
    // A sender that claimed it and died before the SMTP server answered.
    await t.db.db
      .update(mails)
      .set({
        state: 'sending',
        attempts: 1,
        nextAttemptAt: new Date(t.clock.now().getTime() + 4 * t.config.smtpTimeoutMs),
      })
      .where(eq(mails.bookingId, b.id));
    expect(await drainMails(t.deps)).toBe(0);
    t.clock.advance(4 * t.config.smtpTimeoutMs);
    expect(await drainMails(t.deps)).toBe(1);
    expect(await rowOf(b.id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(received(b.customerEmail as string)).toHaveLength(1);
    // Another provider: 404, as the booking's details answer it.
    expect((await call('GET', `/api/booking/details/${b.id}`, otherProvider)).status).toBe(404);
    expect((await call('GET', `/api/booking/mails/${b.id}`, otherProvider)).status).toBe(404);
    expect(
      (await call('GET', `/api/event/guests-to-tell/${b.eventId as number}`, otherProvider)).status,
    ).toBe(404);
  });
});
