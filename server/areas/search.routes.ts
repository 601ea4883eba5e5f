/**
 * The header search: at most `limit` matches per kind, only the kinds the caller's permissions
 * allow, each within the caller's scope (a provider: its own events and their bookings; a
 * supervisor: its provider's). Bookings use the trigram index of their searched texts.
 */
import { and, desc, eq, or } from 'drizzle-orm';
import { searchApi } from '../../src/contract/areas/dashboard';
import type { BookingStatus } from '../../src/contract/areas/booking';
import type { EventStatus } from '../../src/contract/areas/event';
import type { Executor } from '../db/client';
import { bookings, events, serviceProviders, users } from '../db/schema';
import { route, type Handler } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { bookingSearchText } from './booking';
import { arText, enText, holds, providerScopeOf } from '../resources/impl';

const findBookings = (db: Executor, q: string, limit: number, scope: number | null) =>
  db
    .select({
      id: bookings.id,
      code: bookings.code,
      customerName: bookings.customerName,
      eventTitle: events.title,
      status: bookings.status,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(holds(bookingSearchText, q), scope === null ? undefined : eq(bookings.providerId, scope)))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);

const findEvents = (db: Executor, q: string, limit: number, scope: number | null) =>
  db
    .select({ id: events.id, title: events.title, startsAt: events.startsAt, status: events.status })
    .from(events)
    .where(
      and(
        or(holds(enText(events.title), q), holds(arText(events.title), q)),
        scope === null ? undefined : eq(events.providerId, scope),
      ),
    )
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(limit);

const findProviders = (db: Executor, q: string, limit: number) =>
  db
    .select({
      id: users.id,
      businessName: serviceProviders.businessName,
      email: users.email,
      status: users.status,
    })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.userId))
    .where(
      or(
        holds(enText(serviceProviders.businessName), q),
        holds(arText(serviceProviders.businessName), q),
        holds(enText(users.name), q),
        holds(arText(users.name), q),
        holds(users.email, q),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);

const findUsers = (db: Executor, q: string, limit: number) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(or(holds(enText(users.name), q), holds(arText(users.name), q), holds(users.email, q)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);

const search: Handler<typeof searchApi.search> = async ({ deps, query, requireAuth }) => {
  const auth = requireAuth();
  const { db } = deps;
  const { q, limit } = query;
  /** The kind's matches when the caller's permissions allow it, else null. */
  const kind = <T>(permission: string, find: (scope: number | null) => Promise<T>) =>
    auth.permissions.includes(permission) ? find(providerScopeOf(auth, permission, true)) : null;
  const [foundBookings, foundEvents, foundProviders, foundUsers] = await Promise.all([
    kind('booking', (scope) => findBookings(db, q, limit, scope)),
    kind('event', (scope) => findEvents(db, q, limit, scope)),
    kind('serviceprovider', () => findProviders(db, q, limit)),
    kind('usermanager', () => findUsers(db, q, limit)),
  ]);
  return {
    message: smsg('loaded'),
    data: {
      ...(foundBookings
        ? { bookings: foundBookings.map((b) => ({ ...b, status: b.status as BookingStatus })) }
        : {}),
      ...(foundEvents
        ? {
            events: foundEvents.map((e) => ({
              ...e,
              startsAt: e.startsAt.toISOString(),
              status: e.status as EventStatus,
            })),
          }
        : {}),
      ...(foundProviders ? { providers: foundProviders } : {}),
      ...(foundUsers ? { users: foundUsers } : {}),
    },
  };
};

export const registerSearchRoutes = (app: App) => {
  route(app, searchApi.search, search);
};
