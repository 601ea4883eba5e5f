/**
 * The header search: at most `limit` matches per kind, only the kinds the caller's permissions
 * allow, each within the caller's scope (a provider: its own events and their bookings; a
 * supervisor: its provider's). Bookings use the trigram index of their searched texts.
 */
import { and, desc, eq, or } from 'drizzle-orm';
import { searchApi } from '../../src/contract/areas/dashboard';
import type { BookingStatus } from '../../src/contract/areas/booking';
import type { EventStatus } from '../../src/contract/areas/event';
import { bookings, events, serviceProviders, users } from '../db/schema';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { bookingSearchText } from './booking';
import { arText, enText, holds, providerScopeOf } from '../resources/impl';

export const registerSearchRoutes = (app: App) => {
  route(app, searchApi.search, async ({ deps, query, requireAuth }) => {
    const auth = requireAuth();
    const { db } = deps;
    const q = query.q;
    const may = (p: string) => auth.permissions.includes(p);
    const limit = query.limit;

    const bookingScope = providerScopeOf(auth, 'booking', true);
    const eventScope = providerScopeOf(auth, 'event', true);
    const [foundBookings, foundEvents, foundProviders, foundUsers] = await Promise.all([
      may('booking')
        ? db
            .select({
              id: bookings.id,
              code: bookings.code,
              customerName: bookings.customerName,
              eventTitle: events.title,
              status: bookings.status,
            })
            .from(bookings)
            .innerJoin(events, eq(events.id, bookings.eventId))
            .where(
              and(
                holds(bookingSearchText, q),
                bookingScope === null ? undefined : eq(bookings.providerId, bookingScope),
              ),
            )
            .orderBy(desc(bookings.createdAt), desc(bookings.id))
            .limit(limit)
        : null,
      may('event')
        ? db
            .select({ id: events.id, title: events.title, startsAt: events.startsAt, status: events.status })
            .from(events)
            .where(
              and(
                or(holds(enText(events.title), q), holds(arText(events.title), q)),
                eventScope === null ? undefined : eq(events.providerId, eventScope),
              ),
            )
            .orderBy(desc(events.startsAt), desc(events.id))
            .limit(limit)
        : null,
      may('serviceprovider')
        ? db
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
            .limit(limit)
        : null,
      may('usermanager')
        ? db
            .select({ id: users.id, name: users.name, email: users.email, role: users.role })
            .from(users)
            .where(or(holds(enText(users.name), q), holds(arText(users.name), q), holds(users.email, q)))
            .orderBy(desc(users.createdAt), desc(users.id))
            .limit(limit)
        : null,
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
  });
};
