/** What waits for approval on a dashboard: events, advertisements and service providers (server/db/together.ts parts). */
import { and, asc, eq, gte, sql, type SQLWrapper } from 'drizzle-orm';
import { USER_STATUS } from '../../src/contract/roles';
import type { Executor } from '../db/client';
import { figure, rowsOf } from '../db/together';
import { advertisements, events, serviceProviders, users, type Loc } from '../db/schema';
import type { Scope } from './dashboard.figures';

const WAITING_ITEMS = 5;
const n = sql<number>`count(*)`.mapWith(Number);

/** What waits for approval: how many, and the first few (oldest first), each with its link. */
const waiting = (count: SQLWrapper, items: SQLWrapper, link: (id: number) => string) => ({
  count: figure(count),
  items: rowsOf(items, sql`r.waited, r.id`, (row) => ({
    id: Number(row.id),
    title: row.title as Loc,
    link: link(Number(row.id)),
  })),
});

export const waitingEvents = (db: Executor, scope: Scope) => {
  const where = and(eq(events.status, 'pending'), scope === null ? undefined : eq(events.providerId, scope));
  return waiting(
    db.select({ n }).from(events).where(where),
    db
      .select({ id: events.id, title: events.title, waited: sql`${events.updatedAt}`.as('waited') })
      .from(events)
      .where(where)
      .orderBy(asc(events.updatedAt), asc(events.id))
      .limit(WAITING_ITEMS),
    (id) => `/event/details/${id}`,
  );
};

export const waitingAds = (db: Executor, scope: Scope, today: string) => {
  const where = and(
    eq(advertisements.status, 'pending'),
    gte(advertisements.endsOn, today),
    scope === null ? undefined : eq(advertisements.providerId, scope),
  );
  return waiting(
    db.select({ n }).from(advertisements).where(where),
    db
      .select({
        id: advertisements.id,
        title: advertisements.title,
        waited: sql`${advertisements.updatedAt}`.as('waited'),
      })
      .from(advertisements)
      .where(where)
      .orderBy(asc(advertisements.updatedAt), asc(advertisements.id))
      .limit(WAITING_ITEMS),
    (id) => `/advertisement/details/${id}`,
  );
};

export const waitingProviders = (db: Executor) => {
  const where = and(eq(users.role, 'serviceprovider'), eq(users.status, USER_STATUS.pending));
  return waiting(
    db.select({ n }).from(users).where(where),
    db
      .select({
        id: users.id,
        title: sql`${serviceProviders.businessName}`.as('title'),
        waited: sql`${users.createdAt}`.as('waited'),
      })
      .from(users)
      .innerJoin(serviceProviders, eq(serviceProviders.userId, users.id))
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(WAITING_ITEMS),
    (id) => `/serviceprovider-details/${id}`,
  );
};

export const PROVIDERS_LINK = `/serviceprovider?status=${USER_STATUS.pending}`;
