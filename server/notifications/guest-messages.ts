/**
 * Messages staff write to an event's guests and the event's reminders, queued on the one mail queue
 * (docs/decisions/0071-messages-reminders-and-unsubscribe.md, on docs/decisions/0067-the-mail-queue.md):
 *
 * - A message's recipients are chosen in one statement when it is queued (now, or when a process
 *   claims it at its due time with `FOR UPDATE SKIP LOCKED`, in the claim's transaction): no process
 *   queues it twice.
 * - A reminder is queued once per booking, ever: a partial unique index on `mails` (kind `reminder`)
 *   makes a second insert, from any process, do nothing.
 * - Guests who unsubscribed (their booking and address, `guest_links`) get neither; the mails of an
 *   event's changes and cancellation never ask.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../src/contract/common';
import type { MessageAudience } from '../../src/contract/areas/event-messages';
import { venueTime, type EventPlace } from '../core/guest-mail';
import { reminderSubject, ticketUrl } from '../core/guest-message-mail';
import { sqlRows, type Executor } from '../db/client';
import type { Deps } from '../http/types';
import { wakeSenders } from './mail-queue';

type L = { en: string; ar: string };

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Not unsubscribed: no link of this booking and its current address was used to unsubscribe. */
const subscribed = sql`not exists (select 1 from guest_links g where g.booking_id = b.id and g.address = b.customer_email and g.unsubscribed_at is not null)`;

/** The bookings (alias `b`) a message's audience reaches now. */
export const audienceWhere = (eventId: number, a: MessageAudience): SQL => sql`
  b.event_id = ${eventId} and b.customer_email <> ''
  and b.status in (${list(a.statuses)}) and b.payment_status in (${list(a.payments)})
  ${
    a.admitted === 'admitted'
      ? sql`and exists (select 1 from admissions ad where ad.booking_id = b.id)`
      : a.admitted === 'not_admitted'
        ? sql`and not exists (select 1 from admissions ad where ad.booking_id = b.id)`
        : sql``
  }
  and ${subscribed}`;

export const countAudience = async (db: Executor, eventId: number, a: MessageAudience) =>
  (
    await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from bookings b where ${audienceWhere(eventId, a)}`,
    )
  )[0]!.n;

/** Mints the link token of every booking (and its address) `where` reaches that has none yet. */
const mintLinks = (tx: Executor, where: SQL, now: Date) =>
  tx.execute(sql`
    insert into guest_links (token, booking_id, address, created_at)
    select replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
           b.id, b.customer_email, ${now.toISOString()}::timestamptz
    from bookings b where ${where}
    on conflict (booking_id, address) do nothing`);

/** The event as a message's placeholders and a reminder name it. */
export interface EventFacts {
  id: number;
  title: L;
  place: EventPlace;
}

const byLanguage = (en: string, ar: string) => sql`case when b.language = 'ar' then ${ar} else ${en} end`;

/** The start on the venue's clock, in each language. */
const startsIn = (e: EventFacts, lang: Language) => venueTime(e.place.startsAt, e.place.timeZone, lang);

/**
 * Queues one mail per recipient of message `messageId` (its subject filled per guest, for the
 * delivery log; its text is read from the message when sent); returns how many.
 */
export const queueMessage = async (
  tx: Executor,
  deps: Deps,
  m: { id: number; audience: MessageAudience; subject: L },
  e: EventFacts,
  now: Date,
): Promise<number> => {
  const where = audienceWhere(e.id, m.audience);
  await mintLinks(tx, where, now);
  const at = now.toISOString();
  const title = byLanguage(e.title.en, e.title.ar || e.title.en);
  const start = byLanguage(startsIn(e, 'en'), startsIn(e, 'ar'));
  const ticket = sql`${ticketUrl(deps.config.publicUrl, '')} || g.token`;
  const result = await sqlRows<{ n: number }>(
    tx,
    sql`
    with queued as (
      insert into mails (kind, template, booking_id, event_id, message_id, to_address, language, subject,
                         params, state, attempts, next_attempt_at, created_at, updated_at)
      select 'message', 'guest.message', b.id, b.event_id, ${m.id}, b.customer_email, b.language,
             replace(replace(replace(replace(${byLanguage(m.subject.en, m.subject.ar)},
               '{name}', b.customer_name), '{event}', ${title}), '{start}', ${start}), '{ticket}', ${ticket}),
             jsonb_build_object('name', b.customer_name, 'code', b.code, 'token', g.token,
                                'event', ${title}, 'start', ${start}),
             'queued', 0, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
      from bookings b join guest_links g on g.booking_id = b.id and g.address = b.customer_email
      where ${where}
      returning 1
    )
    select count(*)::int as n from queued`,
  );
  const n = result[0]!.n;
  await tx.execute(
    sql`update guest_messages set recipients = ${n}, state = 'queued', queued_at = ${at}::timestamptz where id = ${m.id}`,
  );
  if (n) await wakeSenders(tx);
  return n;
};

/** The event's facts read in SQL (alias `e`, its venue `l`, city `c`). */
const eventFactsSql = sql`
  select e.id, e.title, e.starts_at, e.ends_at, l.name as venue, l.time_zone, c.name as city
  from events e join locations l on l.id = e.location_id join cities c on c.id = l.city_id`;

interface EventFactsRow {
  id: number;
  title: L;
  starts_at: string | Date;
  ends_at: string | Date;
  venue: L;
  time_zone: string;
  city: L;
}
const iso = (v: string | Date) => new Date(v).toISOString();
const factsOf = (r: EventFactsRow): EventFacts => ({
  id: r.id,
  title: r.title,
  place: {
    venue: r.venue,
    city: r.city,
    timeZone: r.time_zone,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
  },
});

export const loadEventFacts = async (db: Executor, eventId: number) => {
  const [row] = await sqlRows<EventFactsRow>(db, sql`${eventFactsSql} where e.id = ${eventId}`);
  return row ? factsOf(row) : null;
};

const CLAIM_BATCH = 10;

/**
 * Queues the scheduled messages that came due: each claimed by one process (`FOR UPDATE SKIP
 * LOCKED`) and queued in the claim's transaction, so a message is queued once whichever processes
 * run this at once. Returns how many messages it queued.
 */
export const queueDueMessages = async (deps: Deps): Promise<number> => {
  let done = 0;
  for (;;) {
    const now = deps.config.now();
    const n = await deps.db.transaction(async (tx) => {
      const due = await sqlRows<{ id: number; event_id: number; audience: MessageAudience; subject: L }>(
        tx,
        sql`
          select id, event_id, audience, subject from guest_messages
          where state = 'scheduled' and send_at <= ${now.toISOString()}::timestamptz
          order by send_at, id limit ${sql.raw(String(CLAIM_BATCH))} for update skip locked`,
      );
      for (const m of due) {
        const facts = (await loadEventFacts(tx, m.event_id))!;
        await queueMessage(tx, deps, { id: m.id, audience: m.audience, subject: m.subject }, facts, now);
      }
      return due.length;
    });
    done += n;
    if (n < CLAIM_BATCH) return done;
  }
};

/** The bookings a reminder goes to: holding or awaiting seats, with an e-mail, subscribed. */
const remindedWhere = (eventId: number) =>
  sql`b.event_id = ${eventId} and b.customer_email <> '' and b.status in ('pending', 'confirmed') and ${subscribed}`;

/**
 * Queues the reminders that came due: every approved event whose reminder time (its start less its
 * reminder's hours) has come and whose start has not, one mail per booking that has had none (a
 * booking made later in the window gets its own at the next round). Each event is claimed by one
 * process at a time; the unique index makes a reminder once per booking in any case. Returns how
 * many mails it queued.
 */
export const queueDueReminders = async (deps: Deps): Promise<number> => {
  const now = deps.config.now();
  const at = now.toISOString();
  return deps.db.transaction(async (tx) => {
    const due = await sqlRows<EventFactsRow>(
      tx,
      sql`
        ${eventFactsSql} join event_reminders r on r.event_id = e.id
        where e.status = 'approved' and e.starts_at > ${at}::timestamptz
          and e.starts_at - make_interval(hours => r.hours) <= ${at}::timestamptz
        order by e.starts_at, e.id
        for update of r skip locked`,
    );
    let queued = 0;
    for (const row of due) {
      const e = factsOf(row);
      const where = remindedWhere(e.id);
      await mintLinks(tx, where, now);
      const result = await sqlRows<{ n: number }>(
        tx,
        sql`
        with queued as (
          insert into mails (kind, template, booking_id, event_id, to_address, language, subject,
                             params, state, attempts, next_attempt_at, created_at, updated_at)
          select 'reminder', 'event.reminder', b.id, b.event_id, b.customer_email, b.language,
                 ${byLanguage(reminderSubject('en', e.title, e.place), reminderSubject('ar', e.title, e.place))},
                 ${JSON.stringify({ title: e.title, place: e.place })}::jsonb
                   || jsonb_build_object('name', b.customer_name, 'code', b.code, 'token', g.token),
                 'queued', 0, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
          from bookings b join guest_links g on g.booking_id = b.id and g.address = b.customer_email
          where ${where}
            and not exists (select 1 from mails rm where rm.booking_id = b.id and rm.kind = 'reminder')
          on conflict (booking_id) where kind = 'reminder' do nothing
          returning 1
        )
        select count(*)::int as n from queued`,
      );
      queued += result[0]!.n;
    }
    if (queued) await wakeSenders(tx);
    return queued;
  });
};
