/**
 * What counts as "used by someone else" for the masters a service provider added (docs/security.md,
 * "Authorization"): it may change or delete one only while no other provider's record (and no
 * master someone else added) uses it, directly or through the masters under it.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { cities, events, locations, serviceProviders } from '../db/schema';

type Usage = (tx: Executor, id: number, userId: number) => Promise<number>;

const countOf = async (tx: Executor, table: PgTable, where: SQL | undefined, join?: SQL) => {
  const q = tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table);
  const rows = await (join ? q.innerJoin(cities, join) : q).where(where);
  return rows[0]!.n;
};

const notMine = (column: typeof locations.createdBy | typeof cities.createdBy, userId: number) =>
  sql`${column} is distinct from ${userId}`;

export const categoryUsage: Usage[] = [
  (tx, id, me) =>
    countOf(tx, serviceProviders, and(eq(serviceProviders.categoryId, id), ne(serviceProviders.userId, me))),
  (tx, id, me) => countOf(tx, events, and(eq(events.categoryId, id), ne(events.providerId, me))),
];

export const countryUsage: Usage[] = [
  (tx, id, me) => countOf(tx, cities, and(eq(cities.countryId, id), notMine(cities.createdBy, me))),
  (tx, id, me) =>
    countOf(
      tx,
      locations,
      and(eq(cities.countryId, id), notMine(locations.createdBy, me)),
      eq(cities.id, locations.cityId),
    ),
  (tx, id, me) =>
    countOf(
      tx,
      serviceProviders,
      and(eq(cities.countryId, id), ne(serviceProviders.userId, me)),
      eq(cities.id, serviceProviders.cityId),
    ),
  (tx, id, me) =>
    countOf(
      tx,
      events,
      and(eq(cities.countryId, id), ne(events.providerId, me)),
      eq(cities.id, events.cityId),
    ),
];

export const cityUsage: Usage[] = [
  (tx, id, me) => countOf(tx, locations, and(eq(locations.cityId, id), notMine(locations.createdBy, me))),
  (tx, id, me) =>
    countOf(tx, serviceProviders, and(eq(serviceProviders.cityId, id), ne(serviceProviders.userId, me))),
  (tx, id, me) => countOf(tx, events, and(eq(events.cityId, id), ne(events.providerId, me))),
];

export const locationUsage: Usage[] = [
  (tx, id, me) => countOf(tx, events, and(eq(events.locationId, id), ne(events.providerId, me))),
];
