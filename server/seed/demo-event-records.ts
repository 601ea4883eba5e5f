/**
 * The records around the demo's events (server/seed/demo-events.ts): each event's status history,
 * its supervisors and specialists, and the advertisements, some of them for coming events.
 */
import { AD_PLACEMENTS } from '../../src/contract/areas/advertisement';
import type { EventStatus } from '../../src/contract/areas/event';
import type { auditLog, eventHistory } from '../db/schema';
import { agoFrom, DAY, HOUR, l, type L } from './demo-basics';
import { SPECIALISTS } from './demo-texts';

/** A demo event as inserted (its seed with its id). */
interface SeededEvent {
  i: number;
  id: number;
  title: L;
  providerId: number;
  status: EventStatus;
  statusReason: string | null;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
}

/** An event's status history: created as a draft, then sent, approved or rejected, cancelled or completed. */
export const eventHistoryOf = (e: SeededEvent, adminId: number | null, now: Date) => {
  const hist: (typeof eventHistory.$inferInsert)[] = [];
  const t = (d: number) => new Date(e.createdAt.getTime() + d * HOUR);
  const by = (byUserId: number | null, at: Date) => ({ eventId: e.id, byUserId, at });
  hist.push({ ...by(e.providerId, e.createdAt), fromStatus: null, toStatus: 'draft', reason: null });
  if (e.status === 'draft') return hist;
  hist.push({ ...by(e.providerId, t(2)), fromStatus: 'draft', toStatus: 'pending', reason: null });
  if (e.status === 'pending') return hist;
  if (e.status === 'rejected') {
    hist.push({ ...by(adminId, t(30)), fromStatus: 'pending', toStatus: 'rejected', reason: e.statusReason });
    return hist;
  }
  hist.push({ ...by(adminId, t(26)), fromStatus: 'pending', toStatus: 'approved', reason: null });
  if (e.status === 'cancelled')
    hist.push({
      ...by(e.providerId, new Date(Math.min(now.getTime() - HOUR, e.startsAt.getTime() - 3 * DAY))),
      fromStatus: 'approved',
      toStatus: 'cancelled',
      reason: e.statusReason,
    });
  if (e.status === 'completed')
    hist.push({
      ...by(e.providerId, new Date(e.endsAt.getTime() + 2 * HOUR)),
      fromStatus: 'approved',
      toStatus: 'completed',
      reason: null,
    });
  return hist;
};

/**
 * The status moves of `eventHistoryOf` as the audit trail's entries of the events' rows: an event's
 * Status history card and its History tab read the trail, so the demo's moves show in both
 * (docs/decisions/0076-offline-decisions-an-unreachable-server-and-one-history.md).
 */
export const statusMovesOnTrail = (
  moves: readonly (typeof eventHistory.$inferInsert)[],
  evs: readonly Pick<SeededEvent, 'id' | 'providerId'>[],
  names: ReadonlyMap<number, L>,
): (typeof auditLog.$inferInsert)[] =>
  moves.map((m) => ({
    at: m.at,
    actorId: m.byUserId ?? null,
    actorName: (m.byUserId && names.get(m.byUserId)) || null,
    action: m.fromStatus ? 'update' : 'create',
    resource: 'event',
    recordId: String(m.eventId),
    tableName: 'events',
    fields: m.reason ? ['status', 'status_reason'] : ['status'],
    before: m.fromStatus ? { status: m.fromStatus } : null,
    after: { status: m.toStatus, ...(m.reason ? { status_reason: m.reason } : {}) },
    providerId: evs.find((e) => e.id === m.eventId)?.providerId ?? null,
    eventId: m.eventId,
  }));

/** Each event's supervisors: the first two of its provider's. */
export const assignmentsOf = (evs: SeededEvent[], sups: { id: number; providerId: number | null }[]) =>
  evs.flatMap((e) =>
    sups
      .filter((s) => s.providerId === e.providerId)
      .slice(0, 2)
      .map((s) => ({ eventId: e.id, userId: s.id })),
  );

/**
 * The demo door account's event (docs/decisions/0055-the-door.md): its provider's approved event
 * that is on now or comes next (on the seed's day when there is one).
 */
export const doorAssignmentOf = (
  evs: SeededEvent[],
  door: { id: number; providerId: number | null } | undefined,
  now: Date,
) => {
  const next = evs
    .filter(
      (e) =>
        e.providerId === door?.providerId && e.status === 'approved' && e.endsAt.getTime() >= now.getTime(),
    )
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
  return next && door ? [{ eventId: next.id, userId: door.id }] : [];
};

/** Two specialists for two events in three. */
export const specialistsOf = (evs: SeededEvent[]) =>
  evs
    .filter((e) => e.i % 3 !== 2)
    .flatMap((e) =>
      [0, 1].map((k) => {
        const s = SPECIALISTS[(e.i + k * 3) % SPECIALISTS.length]!;
        return { eventId: e.id, name: s.name, role: s.role, photo: null, sortOrder: k };
      }),
    );

/** 24 advertisements from two months ago on, for coming approved events or for a web page. */
export const advertisementsOf = (
  evs: SeededEvent[],
  adPictures: string[],
  provs: { id: number }[],
  now: Date,
) => {
  const ago = agoFrom(now);
  const today = new Date(now.getTime()).toISOString().slice(0, 10);
  const dayAt = (d: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + d * DAY).toISOString().slice(0, 10);
  const approvedUpcoming = evs.filter((e) => e.status === 'approved' && e.startsAt.getTime() > now.getTime());
  return Array.from({ length: 24 }, (_, i) => {
    const target = approvedUpcoming[i % Math.max(1, approvedUpcoming.length)];
    const byEvent = target !== undefined && i % 3 !== 2;
    const start = -60 + i * 5;
    const status = i % 6 === 1 ? 'pending' : i % 9 === 4 ? 'rejected' : 'approved';
    const createdAt = new Date(Date.parse(`${dayAt(start)}T06:00:00Z`) - 3 * DAY);
    return {
      title: byEvent
        ? l(`Book now: ${target.title.en}`, `احجز الآن: ${target.title.ar}`)
        : l(
            ['Summer season offers', 'New venues this month', 'Plan your celebration'][i % 3]!,
            ['عروض موسم الصيف', 'أماكن جديدة هذا الشهر', 'خطط لاحتفالك'][i % 3]!,
          ),
      image: adPictures[i % adPictures.length]!,
      targetType: byEvent ? 'event' : 'url',
      eventId: byEvent ? target.id : null,
      url: byEvent ? null : `https://www.example.com/offers/${i + 1}`,
      placement: AD_PLACEMENTS[i % AD_PLACEMENTS.length]!,
      startsOn: dayAt(start),
      endsOn: dayAt(start + 20 + (i % 4) * 10),
      status,
      statusReason: status === 'rejected' ? 'The image text is too small to read on phones.' : null,
      providerId: byEvent ? target.providerId : i % 2 ? provs[i % provs.length]!.id : null,
      version: 0,
      createdAt: createdAt.getTime() > now.getTime() ? ago(1) : createdAt,
      updatedAt: createdAt.getTime() > now.getTime() ? ago(1) : createdAt,
    };
  });
};

/**
 * One approved event under way at `now` (from an hour before to five hours after), the demo
 * provider's that starts nearest to `now` (any provider's when it has none): its door is open for
 * whoever tries the demo, the demo door account's among them, with its confirmed and paid bookings
 * (docs/decisions/0055-the-door.md).
 */
export const happeningNow = (
  seeds: { status: string; providerId: number; startsAt: Date; endsAt: Date; i: number }[],
  now: Date,
  skip: unknown,
  providerId: number | null | undefined,
) => {
  const away = (s: (typeof seeds)[number]) => Math.abs(s.startsAt.getTime() - now.getTime());
  const nearest = seeds
    .filter((s) => s.status === 'approved' && s !== skip)
    .sort(
      (a, b) =>
        Number(b.providerId === providerId) - Number(a.providerId === providerId) ||
        away(a) - away(b) ||
        a.i - b.i,
    )[0];
  if (!nearest) return;
  nearest.startsAt = new Date(now.getTime() - HOUR);
  nearest.endsAt = new Date(now.getTime() + 5 * HOUR);
};
