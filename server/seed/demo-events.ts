/**
 * Demo records of the second set of areas: dozens of events across categories and cities (English
 * and Arabic), advertisements, static pages (privacy policy, terms, about, social links) and
 * thousands of bookings over past and coming months with realistic statuses, payments and
 * histories (demo-bookings.ts). Deterministic (seeded random numbers), idempotent (runs when there
 * is no event yet) and quick: batch inserts, a few hundred statements at most.
 */
import { deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { EventStatus } from '../../src/contract/areas/event';
import { USER_STATUS } from '../../src/contract/roles';
import type { Storage } from '../files/storage';
import type { Db, Tx } from '../db/client';
import { DEMO } from './demo-accounts';
import { agoFrom, DAY, HOUR, l, rng } from './demo-basics';
import { makeBookings, staffIdsOf } from './demo-bookings';
import {
  advertisementsOf,
  assignmentsOf,
  doorAssignmentOf,
  happeningNow,
  eventHistoryOf,
  specialistsOf,
  statusMovesOnTrail,
} from './demo-event-records';
import { EVENT_TITLES, PAGES } from './demo-texts';
import {
  advertisements,
  auditLog,
  categories,
  cities,
  eventHistory,
  events,
  eventSpecialists,
  eventSupervisors,
  locations,
  pages,
  serviceProviders,
  users,
} from '../db/schema';

/* ------------------------------------------------------------ demo pictures */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Uint8Array) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};

/** A 480×270 PNG: a diagonal gradient between two colours with soft stripes. */
export const gradientPng = (
  from: [number, number, number],
  to: [number, number, number],
  w = 480,
  h = 270,
) => {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const row = y * (w * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < w; x++) {
      const t = (x / w + y / h) / 2;
      const stripe = Math.sin((x + y) / 18) * 10;
      for (let c = 0; c < 3; c++)
        raw[row + 1 + x * 3 + c] = Math.max(
          0,
          Math.min(255, Math.round(from[c]! + (to[c]! - from[c]!) * t + stripe)),
        );
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
};

const PALETTES: [[number, number, number], [number, number, number]][] = [
  [
    [123, 31, 162],
    [255, 152, 0],
  ],
  [
    [0, 121, 107],
    [174, 213, 129],
  ],
  [
    [21, 101, 192],
    [79, 195, 247],
  ],
  [
    [191, 54, 12],
    [255, 213, 79],
  ],
  [
    [55, 71, 79],
    [176, 190, 197],
  ],
  [
    [173, 20, 87],
    [244, 143, 177],
  ],
];

/** The seats of the demo's sold-out coming event (see seedDemoEvents). */
const WAITLISTED_CAPACITY = 100;

export interface DemoEventsOptions {
  /** Bookings to create (default 3000). */
  bookings?: number;
}

/** What the events are made of: active categories and locations (with their city), approved providers. */
const mastersOf = async (db: Db) => {
  const cats = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.active, true))
    .orderBy(asc(categories.sortOrder));
  const locs = await db
    .select({ id: locations.id, cityId: locations.cityId, cityName: cities.name })
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(and(eq(locations.active, true), eq(cities.active, true)))
    .orderBy(asc(locations.id));
  const provs = await db
    .select({ id: users.id, email: users.email })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.userId))
    .where(eq(users.status, USER_STATUS.active))
    .orderBy(asc(users.id));
  return { cats, locs, provs };
};
type Masters = Awaited<ReturnType<typeof mastersOf>>;

/** Who acts on the events: the providers' supervisors, the demo door account, the demo admin and the staff. */
const peopleOf = async (db: Db) => {
  const sups = await db
    .select({ id: users.id, providerId: users.providerId })
    .from(users)
    .where(and(eq(users.role, 'manager'), isNotNull(users.providerId)));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.admin.email));
  const [door] = await db
    .select({ id: users.id, providerId: users.providerId })
    .from(users)
    .where(eq(users.email, DEMO.door.email));
  return { sups, door, adminId: admin?.id ?? null, staffIds: await staffIdsOf(db) };
};
type People = Awaited<ReturnType<typeof peopleOf>>;

/** Stores one gradient per palette, shared by the events of that palette, and three for the ads; their paths. */
const storePictures = async (db: Db, storage: Storage) => {
  const files: { key: string; data: Uint8Array }[] = [];
  const pictures = PALETTES.map(([a, b], i) => {
    const key = `event-images/demo${i}${randomBytes(9).toString('base64url')}.png`;
    files.push({ key, data: gradientPng(a, b) });
    return `uploads/${key}`;
  });
  const adPictures = PALETTES.slice(0, 3).map(([a, b], i) => {
    const key = `ad-images/demo${i}${randomBytes(9).toString('base64url')}.png`;
    files.push({ key, data: gradientPng(b, a, 728, 180) });
    return `uploads/${key}`;
  });
  // One transaction for all: one commit instead of one per file.
  await db.transaction(async (tx) => {
    for (const f of files) await storage.put(f.key, f.data, { db: tx });
  });
  return { pictures, adPictures };
};

/** An event's status: by whether it is over, its place in the list and its provider. */
const eventStatusOf = (r: ReturnType<typeof rng>, i: number, past: boolean, ofDemoProvider: boolean) => {
  let status: EventStatus;
  if (past) status = r.chance(0.12) ? 'cancelled' : r.chance(0.1) ? 'approved' : 'completed';
  else if (i % 11 === 3) status = 'pending';
  else if (i % 13 === 5) status = 'draft';
  else if (i % 17 === 8) status = 'rejected';
  else status = r.chance(0.06) ? 'cancelled' : 'approved';
  if (ofDemoProvider && !past && i % 8 === 4) status = 'pending';
  return status;
};

/** The demo's 48 events, from 150 days ago to 120 days ahead. */
const eventSeedsOf = (now: Date, { cats, locs, provs }: Masters, pictures: string[]) => {
  const r = rng(20_261_122);
  const ago = agoFrom(now);
  const demoProvider = provs.find((p) => p.email === DEMO.provider.email);
  const EVENTS = 48;
  const seeds = Array.from({ length: EVENTS }, (_, i) => {
    const loc = locs[(i * 5) % locs.length]!;
    const cat = cats[i % cats.length]!;
    const base = EVENT_TITLES[i % EVENT_TITLES.length]!;
    const providerId = demoProvider && i % 4 === 0 ? demoProvider.id : provs[(i * 7) % provs.length]!.id;
    // from 150 days ago to 120 days ahead
    const startDay = -150 + Math.round((270 * i) / (EVENTS - 1)) + r.int(-3, 3);
    const dayStartUtc = Math.floor((now.getTime() + startDay * DAY) / DAY) * DAY;
    // 16:00 to 20:00 in Riyadh
    const startsAt = new Date(dayStartUtc + r.int(13, 17) * HOUR);
    const endsAt = new Date(startsAt.getTime() + r.int(3, 6) * HOUR + (r.chance(0.2) ? 2 * DAY : 0));
    const past = endsAt.getTime() < now.getTime();
    const status = eventStatusOf(r, i, past, providerId === demoProvider?.id);
    const palette = i % pictures.length;
    const createdAt = new Date(Math.min(ago(5).getTime(), startsAt.getTime() - r.int(25, 60) * DAY));
    return {
      i,
      title: l(`${base.en} — ${loc.cityName.en}`, `${base.ar} - ${loc.cityName.ar}`),
      description: l(
        `${base.en} brings together ${cat.name.en.toLowerCase()} experts and guests in ${loc.cityName.en}. Doors open 30 minutes before the start; parking is available on site.`,
        `تجمع فعالية ${base.ar} خبراء ${cat.name.ar} والضيوف في ${loc.cityName.ar}. تُفتح الأبواب قبل البدء بثلاثين دقيقة، وتتوفر مواقف للسيارات في المكان.`,
      ),
      categoryId: cat.id,
      providerId,
      cityId: loc.cityId,
      locationId: loc.id,
      startsAt,
      endsAt,
      price: r.chance(0.15) ? 0 : r.int(4, 300) * 500,
      capacity: r.pick([150, 200, 250, 300, 400, 500, 800, 1000]),
      images: [pictures[palette]!, pictures[(palette + 1) % pictures.length]!],
      coverImage: pictures[palette]!,
      featured: status === 'approved' && !past && i % 5 === 0,
      status,
      statusReason:
        status === 'rejected'
          ? 'Please add the venue permit and a clearer description.'
          : status === 'cancelled'
            ? 'The venue is no longer available on this date.'
            : null,
      version: 0,
      createdAt,
      updatedAt: new Date(Math.min(now.getTime() - HOUR, createdAt.getTime() + 3 * DAY)),
    };
  });
  return seeds;
};

/** Inserts the events with their histories, supervisors and specialists, the ads, the pages and the bookings. */
const insertEvents = async (
  tx: Tx,
  now: Date,
  seeds: ReturnType<typeof eventSeedsOf>,
  {
    provs,
    adPictures,
    people,
    bookingCount,
  }: { provs: Masters['provs']; adPictures: string[]; people: People; bookingCount: number },
) => {
  // Seeded rows are neither on the audit trail nor news for the live change log (ADR 0017, ADR 0019).
  await tx.execute(sql`select set_config('ebo.audit', 'off', true), set_config('ebo.live', 'off', true)`);
  const created = await tx
    .insert(events)
    .values(seeds.map(({ i: _i, ...e }) => e))
    .returning({ id: events.id });
  const evs = seeds.map((s, k) => ({ ...s, id: created[k]!.id }));

  // status histories, also on the audit trail that the event's page reads them from
  const moves = evs.flatMap((e) => eventHistoryOf(e, people.adminId, now));
  await tx.insert(eventHistory).values(moves);
  const names = await tx.select({ id: users.id, name: users.name }).from(users);
  await tx.insert(auditLog).values(statusMovesOnTrail(moves, evs, new Map(names.map((u) => [u.id, u.name]))));

  // supervisors and specialists
  const assigned = [...assignmentsOf(evs, people.sups), ...doorAssignmentOf(evs, people.door, now)];
  if (assigned.length) await tx.insert(eventSupervisors).values(assigned);
  await tx.insert(eventSpecialists).values(specialistsOf(evs));

  // advertisements
  await tx.insert(advertisements).values(advertisementsOf(evs, adPictures, provs, now));

  await tx
    .insert(pages)
    .values(PAGES(now).map(({ at, ...p }) => ({ ...p, createdAt: at, updatedAt: at, version: 0 })));

  // bookings
  const bookable = evs
    .filter((e) => ['approved', 'completed', 'cancelled'].includes(e.status))
    .map((e) => ({ ...e, status: e.status }));
  await makeBookings(tx, bookable, bookingCount, now, people.staffIds, 7, new Map());
};

export const seedDemoEvents = async (
  db: Db,
  storage: Storage,
  now: Date = new Date(),
  opts: DemoEventsOptions = {},
): Promise<{ seeded: boolean }> => {
  const [{ n }] = (await db.select({ n: count() }).from(events)) as [{ n: number }];
  if (Number(n) > 0) return { seeded: false };
  const masters = await mastersOf(db);
  if (!masters.cats.length || !masters.locs.length || !masters.provs.length) return { seeded: false };
  const people = await peopleOf(db);
  const { pictures, adPictures } = await storePictures(db, storage);
  const seeds = eventSeedsOf(now, masters, pictures);
  // One coming event in a small room, sold out with people waiting: its pending bookings cannot all
  // be confirmed, whatever the hour the demo is seeded at (the other events' fill depends on it).
  const waitlisted = seeds.find(
    (s) => s.status === 'approved' && s.startsAt.getTime() > now.getTime() + 7 * DAY,
  );
  if (waitlisted) waitlisted.capacity = WAITLISTED_CAPACITY;
  happeningNow(seeds, now, waitlisted, people.door?.providerId);

  await db.transaction((tx) =>
    insertEvents(tx, now, seeds, {
      provs: masters.provs,
      adPictures,
      people,
      bookingCount: opts.bookings ?? 3000,
    }),
  );
  return { seeded: true };
};
