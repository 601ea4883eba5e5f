/**
 * Staff digests (docs/decisions/0072-staff-digests.md): what the morning mail of one staff member
 * says, gathered in one statement and scoped as their dashboard is (a provider, and a supervisor,
 * its own events; admins and managers all), and the claim that queues the digests that came due.
 *
 * Every process's scheduler runs `queueDueDigests` on each round. A claim locks due rows no other
 * process holds (`FOR UPDATE SKIP LOCKED`), and in the same transaction queues each one's mail
 * (server/notifications/mail-queue.ts sends it) and moves its `due_at` to the next morning, with the
 * day it was for in `last_day`: a second process finds the row locked, then not due; a row whose
 * `last_day` is today queues nothing. One digest per person per day of their clock, whatever the
 * number of processes.
 */
import { and, asc, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import { DIGEST_HOUR, DIGEST_ROLES } from '../../src/contract/digests';
import { USER_STATUS } from '../../src/contract/roles';
import { DIGEST_TEMPLATE, digestSubject, type DigestParams } from '../core/digest-mail';
import { addDays, atHour, dayOf, startOfDay } from '../core/time';
import type { Executor } from '../db/client';
import { figure, instant, readTogether, rowsOf } from '../db/together';
import { bookings, events, locations, mails, staffDigests, users, type Loc } from '../db/schema';
import type { Deps } from '../http/types';
import { wakeSenders } from '../notifications/mail-queue';
import { paidIn, sumTotal, type Scope } from './dashboard.figures';
import { waitingAds, waitingEvents, waitingProviders } from './dashboard.waiting';

/** Digests claimed in one transaction. */
const CLAIM_BATCH = 20;
/** Tomorrow's events named in the mail (the rest are counted). */
const TOMORROW_ITEMS = 10;

/** When the next digest is due: DIGEST_HOUR on the clock of `timeZone`, after `now`. */
export const nextDigestAt = (now: Date, timeZone: string) => {
  const today = dayOf(now, timeZone);
  const at = atHour(today, DIGEST_HOUR, timeZone);
  return at > now ? at : atHour(addDays(today, 1), DIGEST_HOUR, timeZone);
};

interface Member {
  id: number;
  role: string;
  providerId: number | null;
  name: Loc;
}

/** The dashboard's scope of a staff member: a provider its own, a supervisor its provider's, others all. */
const scopeOf = (m: Member): Scope => (m.role === 'serviceprovider' ? m.id : m.providerId);

const n = sql<number>`count(*)`.mapWith(Number);

/** What one staff member's digest for `day` (on `timeZone`'s clock) says. */
const digestOf = async (
  db: Executor,
  m: Member,
  timeZone: string,
  day: string,
  link: string,
): Promise<DigestParams> => {
  const scope = scopeOf(m);
  const [from, to] = [startOfDay(addDays(day, 1), timeZone), startOfDay(addDays(day, 2), timeZone)];
  const [yFrom, yTo] = [startOfDay(addDays(day, -1), timeZone), startOfDay(day, timeZone)];
  const ofScope = scope === null ? undefined : eq(events.providerId, scope);
  const tomorrow = and(
    eq(events.status, 'approved'),
    gte(events.startsAt, from),
    lt(events.startsAt, to),
    ofScope,
  );
  const sold = and(
    scope === null ? undefined : eq(bookings.providerId, scope),
    gte(bookings.createdAt, yFrom),
    lt(bookings.createdAt, yTo),
    ne(bookings.status, 'cancelled'),
  );
  const read = await readTogether(db, {
    events: waitingEvents(db, scope).count,
    ads: waitingAds(db, scope, day).count,
    providers: waitingProviders(db).count,
    tomorrowCount: figure(db.select({ n }).from(events).where(tomorrow)),
    tomorrow: rowsOf(
      db
        .select({
          id: events.id,
          title: events.title,
          startsAt: events.startsAt,
          timeZone: locations.timeZone,
        })
        .from(events)
        .innerJoin(locations, eq(locations.id, events.locationId))
        .where(tomorrow)
        .orderBy(asc(events.startsAt), asc(events.id))
        .limit(TOMORROW_ITEMS),
      sql`r.starts_at, r.id`,
      (e) => ({ title: e.title as Loc, startsAt: instant(e.starts_at), timeZone: e.time_zone as string }),
    ),
    bookings: figure(db.select({ n }).from(bookings).where(sold)),
    tickets: figure(
      db
        .select({ n: sql<number>`coalesce(sum(${bookings.tickets}), 0)`.mapWith(Number) })
        .from(bookings)
        .where(sold),
    ),
    revenue: figure(
      db
        .select({ n: sumTotal })
        .from(bookings)
        .where(paidIn(scope, yFrom, yTo)),
    ),
  });
  return {
    name: m.name,
    day,
    waiting: {
      events: read.events,
      advertisements: read.ads,
      // Providers wait for an admin's approval only.
      providers: m.role === 'admin' ? read.providers : null,
    },
    tomorrow: { count: read.tomorrowCount, events: read.tomorrow },
    yesterday: { bookings: read.bookings, tickets: read.tickets, revenue: read.revenue },
    link,
  };
};

/**
 * Claims up to CLAIM_BATCH due digests and queues their mails, in one transaction; returns how many
 * rows it claimed. An account that may no longer have one (blocked, or no longer staff) is moved on
 * without a mail.
 */
export const queueDueDigests = async (deps: Deps): Promise<number> => {
  const now = deps.config.now();
  const link = `${deps.config.publicUrl}/admin/`;
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({
        userId: staffDigests.userId,
        timeZone: staffDigests.timeZone,
        lastDay: staffDigests.lastDay,
        email: users.email,
        name: users.name,
        language: users.language,
        role: users.role,
        status: users.status,
        providerId: users.providerId,
      })
      .from(staffDigests)
      .innerJoin(users, eq(users.id, staffDigests.userId))
      .where(and(eq(staffDigests.enabled, true), lte(staffDigests.dueAt, now)))
      .orderBy(asc(staffDigests.dueAt), asc(staffDigests.userId))
      .limit(CLAIM_BATCH)
      .for('update', { of: staffDigests, skipLocked: true });
    let queued = 0;
    for (const row of due) {
      const day = dayOf(now, row.timeZone);
      const staff =
        row.status === USER_STATUS.active && (DIGEST_ROLES as readonly string[]).includes(row.role);
      const send = staff && row.lastDay !== day;
      if (send) {
        const lang = row.language === 'ar' ? 'ar' : 'en';
        const params = await digestOf(tx, { ...row, id: row.userId }, row.timeZone, day, link);
        await tx.insert(mails).values({
          kind: 'staff_digest',
          template: DIGEST_TEMPLATE,
          toAddress: row.email,
          language: lang,
          subject: digestSubject(lang, day),
          params: params as unknown as Record<string, unknown>,
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        });
        queued++;
      }
      await tx
        .update(staffDigests)
        .set({ dueAt: nextDigestAt(now, row.timeZone), ...(send && { lastDay: day }) })
        .where(eq(staffDigests.userId, row.userId));
    }
    if (queued) await wakeSenders(tx);
    return due.length;
  });
};

/** The scheduler's task: claims batches until none is full. */
export const sendDueDigests = async (deps: Deps) => {
  while ((await queueDueDigests(deps)) === CLAIM_BATCH);
};
