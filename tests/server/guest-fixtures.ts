/**
 * What the guest-mail suites start from (docs/decisions/0067-the-mail-queue.md,
 * 0071-messages-reminders-and-unsubscribe.md): a server with the demo data, the admin's, the demo
 * provider's and another provider's sessions, an approved event of the demo provider, and bookings
 * of it with an e-mail, in a language, moved to a status and paid when asked.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { events, users } from '../../server/db/schema';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';
import { approvedEvent } from '../support/events';

export type Rec = Record<string, unknown> & { id: number; version: number };

export interface GuestBooking {
  language?: 'en' | 'ar';
  status?: string;
  paid?: boolean;
}

/** Registers the suite's server (beforeAll/afterAll); `what` names its events and guests' addresses. */
export function guestSuite(what: { en: string; ar: string; mailbox: string }) {
  const s = {
    t: undefined as unknown as TestServer,
    admin: '',
    provider: '',
    providerId: 0,
    otherProvider: '',
  };
  let n = 0;
  const call = apiOf(() => s.t);

  beforeAll(async () => {
    s.t = await createTestServer({ demoData: true });
    s.admin = await signInAs(s.t, 'admin');
    s.provider = await signInAs(s.t, 'provider');
    s.providerId = (await s.t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email)))[0]!.id;
    const other = (await s.t.db.db.select().from(events)).find((e) => e.providerId !== s.providerId)!;
    const [b] = await s.t.db.db.select().from(users).where(eq(users.id, other.providerId));
    s.otherProvider = await s.t.login(b!.email, DEMO_PASSWORD);
  });
  afterAll(() => s.t?.close());

  /** An approved event of the demo provider, made by the admin. */
  const newEvent = (startsAt = '2027-03-01T16:00:00Z', endsAt = '2027-03-01T20:00:00Z') =>
    approvedEvent(call, s.admin, s.providerId, {
      title: { en: `${what.en} ${++n}`, ar: `${what.ar} ${n}` },
      startsAt,
      endsAt,
      price: 5_000,
      capacity: 50,
    });

  /** A booking of `eventId` with an e-mail, made by the admin, then moved and paid as asked. */
  const newBooking = async (eventId: number, { language = 'en', status, paid }: GuestBooking = {}) => {
    const res = await call('POST', '/api/booking', s.admin, {
      eventId,
      customerName: `Guest ${++n}`,
      customerEmail: `${what.mailbox}${n}@mail.example.com`,
      customerPhone: '+966500000123',
      tickets: 1,
      language,
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id as number;
    const move = (body: Record<string, unknown>) =>
      call('POST', '/api/booking/update-status', s.admin, { id, ...body });
    if (status) expect((await move({ status })).status).toBe(200);
    if (paid) expect((await move({ paymentStatus: 'paid' })).status).toBe(200);
    return res.body.data as Rec & { customerEmail: string; customerName: string };
  };

  /** The mails the SMTP server received for `to`. */
  const received = (to: string) => s.t.smtp.messages.filter((m) => m.to.includes(to));

  return { s, call, newEvent, newBooking, received };
}
