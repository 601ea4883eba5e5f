/**
 * Demo records of the second set of areas: dozens of events across categories and cities (English
 * and Arabic), advertisements, static pages (privacy policy, terms, about, social links) and
 * thousands of bookings over past and coming months with realistic statuses, payments and
 * histories. Deterministic (seeded random numbers), idempotent (runs when there is no event yet)
 * and quick: batch inserts, a few hundred statements at most.
 *
 * `seedBookings(db, n, now)` adds n more bookings to the existing events (the large seed of
 * `npm run db:seed -- --bookings 100000`).
 */
import { deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { SEAT_HOLDING, type BookingStatus, type PaymentStatus } from '../../src/contract/areas/booking';
import { AD_PLACEMENTS } from '../../src/contract/areas/advertisement';
import type { EventStatus } from '../../src/contract/areas/event';
import { USER_STATUS } from '../../src/contract/roles';
import type { Storage } from '../files/storage';
import type { Db, Executor } from '../db/client';
import { DEMO } from './demo-accounts';
import {
  advertisements,
  bookingHistory,
  bookings,
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

type L = { en: string; ar: string };
const l = (en: string, ar: string): L => ({ en, ar });
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** Deterministic random numbers (mulberry32). */
const rng = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
};

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

/* -------------------------------------------------------------------- texts */

const EVENT_TITLES: L[] = [
  l('Royal Wedding Showcase', 'معرض حفلات الزفاف الملكية'),
  l('Business Leaders Summit', 'قمة قادة الأعمال'),
  l('Gourmet Food Festival', 'مهرجان المأكولات الفاخرة'),
  l('Photography Masterclass', 'ورشة احتراف التصوير'),
  l('Interior Decoration Expo', 'معرض الديكور الداخلي'),
  l('Live Concert Night', 'ليلة الحفل الموسيقي'),
  l('Family Fun Day', 'يوم المرح العائلي'),
  l('Startup Pitch Evening', 'أمسية عروض الشركات الناشئة'),
  l('Spring Flower Market', 'سوق زهور الربيع'),
  l('Tech Innovation Forum', 'منتدى الابتكار التقني'),
  l('Kids Science Carnival', 'كرنفال العلوم للأطفال'),
  l('Heritage Night Market', 'سوق الليل التراثي'),
  l('Coffee Culture Week', 'أسبوع ثقافة القهوة'),
  l('Classic Car Parade', 'استعراض السيارات الكلاسيكية'),
  l('Wellness Retreat', 'ملتقى العافية'),
  l('Stand-up Comedy Gala', 'أمسية الكوميديا الارتجالية'),
];
const SPECIALISTS: { name: L; role: L }[] = [
  { name: l('Dana Al-Harbi', 'دانة الحربي'), role: l('Event host', 'مقدمة الفعالية') },
  { name: l('Faisal Al-Qahtani', 'فيصل القحطاني'), role: l('Keynote speaker', 'المتحدث الرئيسي') },
  { name: l('Rania Saleh', 'رانيا صالح'), role: l('Head chef', 'رئيسة الطهاة') },
  { name: l('Tariq Mahmoud', 'طارق محمود'), role: l('Photographer', 'المصور') },
  { name: l('Huda Al-Otaibi', 'هدى العتيبي'), role: l('Decor designer', 'مصممة الديكور') },
  { name: l('Nabil Farouk', 'نبيل فاروق'), role: l('Sound engineer', 'مهندس الصوت') },
];
const CUSTOMER_FIRST = [
  ['Ahmed', 'أحمد'],
  ['Fatimah', 'فاطمة'],
  ['Mohammed', 'محمد'],
  ['Noura', 'نورة'],
  ['Khalid', 'خالد'],
  ['Reem', 'ريم'],
  ['Abdullah', 'عبدالله'],
  ['Lama', 'لمى'],
  ['Saud', 'سعود'],
  ['Hessa', 'حصة'],
  ['Omar', 'عمر'],
  ['Maryam', 'مريم'],
  ['Yasser', 'ياسر'],
  ['Aisha', 'عائشة'],
  ['Hamad', 'حمد'],
  ['Sara', 'سارة'],
] as const;
const CUSTOMER_LAST = [
  ['Al-Saud', 'آل سعود'],
  ['Al-Ghamdi', 'الغامدي'],
  ['Al-Zahrani', 'الزهراني'],
  ['Al-Mutairi', 'المطيري'],
  ['Al-Dosari', 'الدوسري'],
  ['Al-Shehri', 'الشهري'],
  ['Haddad', 'حداد'],
  ['Khoury', 'خوري'],
  ['Al-Amri', 'العمري'],
  ['Al-Maliki', 'المالكي'],
] as const;
const NOTES = [
  'Wheelchair access requested.',
  'يرجى تخصيص مقاعد عائلية متجاورة.',
  'Corporate invoice to be sent by e-mail.',
  'سيصل العميل متأخرًا نصف ساعة.',
  'Vegetarian meals for two guests.',
];

/** The seats of the demo's sold-out coming event (see seedDemoEvents). */
const WAITLISTED_CAPACITY = 100;

/* ---------------------------------------------------------------- bookings */

interface EventSeed {
  id: number;
  providerId: number;
  price: number;
  capacity: number;
  status: EventStatus;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
}

type BookingInsert = typeof bookings.$inferInsert;
type HistoryInsert = typeof bookingHistory.$inferInsert;

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const codeFrom = (r: ReturnType<typeof rng>) =>
  `BK-${Array.from({ length: 6 }, () => r.pick(CODE_ALPHABET.split(''))).join('')}`;

/**
 * Makes `n` bookings for `evs` (approved, completed or cancelled events) made before `now`, within
 * capacity (`taken`: seats already held per event), with their histories; inserts them in
 * batches. Returns how many were inserted.
 */
const makeBookings = async (
  db: Executor,
  evs: EventSeed[],
  n: number,
  now: Date,
  staffIds: number[],
  seed: number,
  taken: Map<number, number>,
) => {
  if (!evs.length || n <= 0) return 0;
  const r = rng(seed);
  const batchSize = 1000;
  let inserted = 0;
  for (let done = 0; done < n; done += batchSize) {
    const rows: BookingInsert[] = [];
    const plans: { code: string; history: Omit<HistoryInsert, 'bookingId'>[] }[] = [];
    for (let i = done; i < Math.min(n, done + batchSize); i++) {
      const e = r.pick(evs);
      const open = e.createdAt.getTime() + DAY;
      const close = Math.min(e.startsAt.getTime(), now.getTime() - HOUR);
      if (close <= open) continue;
      // more bookings close to the event
      const created = new Date(close - Math.pow(r.next(), 2.2) * (close - open));
      const tickets = r.chance(0.7) ? r.int(1, 2) : r.int(3, 6);
      const ended = e.endsAt.getTime() < now.getTime();
      const seats = taken.get(e.id) ?? 0;
      const fits = seats + tickets <= e.capacity;
      let status: BookingStatus;
      if (e.status === 'cancelled') status = 'cancelled';
      else if (!fits) status = ended || r.chance(0.3) ? 'cancelled' : 'pending';
      else if (ended) status = r.chance(0.08) ? 'cancelled' : r.chance(0.85) ? 'completed' : 'checked_in';
      else if (e.startsAt.getTime() - now.getTime() < 2 * DAY && r.chance(0.3))
        status = r.chance(0.5) ? 'checked_in' : 'confirmed';
      else status = r.chance(0.12) ? 'cancelled' : r.chance(0.25) ? 'pending' : 'confirmed';
      if ((SEAT_HOLDING as readonly string[]).includes(status)) taken.set(e.id, seats + tickets);
      const wasConfirmed = status !== 'pending' && !(status === 'cancelled' && r.chance(0.5));
      let payment: PaymentStatus;
      if (status === 'pending') payment = r.chance(0.15) ? 'failed' : 'pending';
      else if (status === 'cancelled')
        payment = wasConfirmed ? 'refunded' : r.chance(0.5) ? 'failed' : 'pending';
      else payment = 'paid';
      const by = staffIds.length ? r.pick(staffIds) : null;
      const step = (k: number) =>
        new Date(Math.min(now.getTime() - 60_000, created.getTime() + k * (2 + r.int(0, 20)) * HOUR));
      const history: Omit<HistoryInsert, 'bookingId'>[] = [
        { field: 'status', fromValue: null, toValue: 'pending', note: null, byUserId: null, at: created },
      ];
      let paidAt: Date | null = null;
      if (payment === 'paid' || payment === 'refunded') {
        paidAt = step(1);
        history.push({
          field: 'payment',
          fromValue: 'pending',
          toValue: 'paid',
          note: null,
          byUserId: null,
          at: paidAt,
        });
      } else if (payment === 'failed')
        history.push({
          field: 'payment',
          fromValue: 'pending',
          toValue: 'failed',
          note: null,
          byUserId: null,
          at: step(1),
        });
      if (wasConfirmed)
        history.push({
          field: 'status',
          fromValue: 'pending',
          toValue: 'confirmed',
          note: null,
          byUserId: by,
          at: step(2),
        });
      if (status === 'checked_in' || status === 'completed')
        history.push({
          field: 'status',
          fromValue: 'confirmed',
          toValue: 'checked_in',
          note: null,
          byUserId: by,
          at: new Date(Math.min(now.getTime() - 60_000, e.startsAt.getTime() + 15 * 60_000)),
        });
      if (status === 'completed')
        history.push({
          field: 'status',
          fromValue: 'checked_in',
          toValue: 'completed',
          note: null,
          byUserId: by,
          at: e.endsAt,
        });
      if (status === 'cancelled') {
        const at = step(3);
        history.push({
          field: 'status',
          fromValue: wasConfirmed ? 'confirmed' : 'pending',
          toValue: 'cancelled',
          note:
            e.status === 'cancelled'
              ? 'Event cancelled by the organiser.'
              : r.chance(0.5)
                ? 'Customer asked to cancel.'
                : null,
          byUserId: by,
          at,
        });
        if (payment === 'refunded')
          history.push({
            field: 'payment',
            fromValue: 'paid',
            toValue: 'refunded',
            note: null,
            byUserId: by,
            at,
          });
      }
      const first = r.pick(CUSTOMER_FIRST);
      const last = r.pick(CUSTOMER_LAST);
      const arabicName = r.chance(0.4);
      const code = codeFrom(r);
      const updatedAt = history[history.length - 1]!.at!;
      rows.push({
        code,
        eventId: e.id,
        providerId: e.providerId,
        customerName: arabicName ? `${first[1]} ${last[1]}` : `${first[0]} ${last[0]}`,
        customerEmail: `${first[0].toLowerCase()}.${last[0].toLowerCase().replace(/[^a-z]/g, '')}${i % 997}@mail.example`,
        customerPhone: `+9665${String(10_000_000 + ((i * 7_919) % 89_999_999)).slice(-8)}`,
        tickets,
        unitPrice: e.price,
        total: e.price * tickets,
        paymentStatus: payment,
        paidAt: payment === 'paid' ? paidAt : null,
        status,
        notes: r.chance(0.1) ? r.pick(NOTES) : null,
        version: history.length - 1,
        createdAt: created,
        updatedAt,
      });
      plans.push({ code, history });
    }
    if (!rows.length) continue;
    // One transaction per batch, whose seeded rows are not on the audit trail (docs/decisions/0017-audit-trail.md).
    inserted += await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('ebo.audit', 'off', true)`);
      const ids = await tx
        .insert(bookings)
        .values(rows)
        .onConflictDoNothing({ target: bookings.code })
        .returning({ id: bookings.id, code: bookings.code });
      const idOf = new Map(ids.map((x) => [x.code, x.id]));
      const history = plans.flatMap((p) => {
        const id = idOf.get(p.code);
        return id === undefined ? [] : p.history.map((h) => ({ ...h, bookingId: id }));
      });
      for (let k = 0; k < history.length; k += 3000)
        await tx.insert(bookingHistory).values(history.slice(k, k + 3000));
      return ids.length;
    });
  }
  return inserted;
};

const bookableEvents = async (db: Executor) =>
  (await db
    .select({
      id: events.id,
      providerId: events.providerId,
      price: events.price,
      capacity: events.capacity,
      status: events.status,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      createdAt: events.createdAt,
    })
    .from(events)
    .where(inArray(events.status, ['approved', 'completed', 'cancelled']))) as EventSeed[];

const staffIdsOf = async (db: Executor) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.role, ['admin', 'manager']))
  ).map((u) => u.id);

/** Adds `n` bookings to the existing events (the large seed). */
export const seedBookings = async (db: Db, n: number, now: Date = new Date()) => {
  const evs = await bookableEvents(db);
  const held = await db
    .select({ eventId: bookings.eventId, n: sql<number>`sum(${bookings.tickets})`.mapWith(Number) })
    .from(bookings)
    .where(inArray(bookings.status, [...SEAT_HOLDING]))
    .groupBy(bookings.eventId);
  const taken = new Map(held.map((h) => [h.eventId, h.n]));
  const [{ total }] = (await db.select({ total: count() }).from(bookings)) as [{ total: number }];
  return makeBookings(db, evs, n, now, await staffIdsOf(db), 1_000 + Number(total), taken);
};

/* --------------------------------------------------------------------- seed */

const PAGES = (now: Date) => [
  {
    slug: 'privacy-policy',
    title: l('Privacy policy', 'سياسة الخصوصية'),
    content: l(
      '<h2>Your privacy</h2><p>We collect only what we need to run your bookings: your name, e-mail address and phone number.</p><h3>What we keep</h3><ul><li>Booking details for seven years, as the law requires.</li><li>Payment references, never card numbers.</li></ul><p>Questions? Write to <a href="mailto:privacy@example.com">privacy@example.com</a>.</p>',
      '<h2>خصوصيتك</h2><p>نجمع فقط ما نحتاجه لإدارة حجوزاتك: اسمك وبريدك الإلكتروني ورقم هاتفك.</p><h3>ما نحتفظ به</h3><ul><li>تفاصيل الحجز لمدة سبع سنوات كما يقتضي النظام.</li><li>مراجع الدفع فقط، ولا نحتفظ بأرقام البطاقات أبدًا.</li></ul><p>لديك سؤال؟ راسلنا على <a href="mailto:privacy@example.com">privacy@example.com</a>.</p>',
    ),
    links: [],
    status: 'published',
    at: new Date(now.getTime() - 120 * DAY),
  },
  {
    slug: 'terms',
    title: l('Terms and conditions', 'الشروط والأحكام'),
    content: l(
      '<h2>Bookings</h2><p>A booking is confirmed once it is paid. Tickets are personal and <strong>non-transferable</strong>.</p><h2>Cancellations</h2><ol><li>Up to 7 days before the event: full refund.</li><li>Up to 48 hours before: 50% refund.</li><li>Later: no refund.</li></ol>',
      '<h2>الحجوزات</h2><p>يتأكد الحجز بعد الدفع. التذاكر شخصية و<strong>غير قابلة للتحويل</strong>.</p><h2>الإلغاء</h2><ol><li>قبل الفعالية بسبعة أيام أو أكثر: استرداد كامل.</li><li>قبلها بثمانٍ وأربعين ساعة: استرداد 50٪.</li><li>بعد ذلك: لا استرداد.</li></ol>',
    ),
    links: [],
    status: 'published',
    at: new Date(now.getTime() - 110 * DAY),
  },
  {
    slug: 'about',
    title: l('About us', 'من نحن'),
    content: l(
      '<p>We connect people with the best events and service providers across the Gulf and beyond.</p><blockquote>Every celebration deserves a great host.</blockquote>',
      '<p>نربط الناس بأفضل الفعاليات ومقدمي الخدمات في الخليج وخارجه.</p><blockquote>كل احتفال يستحق مضيفًا رائعًا.</blockquote>',
    ),
    links: [],
    status: 'published',
    at: new Date(now.getTime() - 100 * DAY),
  },
  {
    slug: 'social-links',
    title: l('Social links', 'روابط التواصل الاجتماعي'),
    content: l('', ''),
    links: [
      { name: l('Instagram', 'إنستغرام'), url: 'https://www.instagram.com/example' },
      { name: l('X (Twitter)', 'إكس (تويتر)'), url: 'https://x.com/example' },
      { name: l('YouTube', 'يوتيوب'), url: 'https://www.youtube.com/@example' },
      { name: l('Snapchat', 'سناب شات'), url: 'https://www.snapchat.com/add/example' },
    ],
    status: 'published',
    at: new Date(now.getTime() - 90 * DAY),
  },
  {
    slug: 'faq',
    title: l('Frequently asked questions', 'الأسئلة الشائعة'),
    content: l(
      '<h3>Can I change my booking?</h3><p>Yes, while it is pending. Contact the organiser for confirmed bookings.</p>',
      '<h3>هل يمكنني تعديل حجزي؟</h3><p>نعم، ما دام الحجز قيد الانتظار. تواصل مع المنظم بخصوص الحجوزات المؤكدة.</p>',
    ),
    links: [],
    status: 'draft',
    at: new Date(now.getTime() - 10 * DAY),
  },
];

export interface DemoEventsOptions {
  /** Bookings to create (default 3000). */
  bookings?: number;
}

export const seedDemoEvents = async (
  db: Db,
  storage: Storage,
  now: Date = new Date(),
  opts: DemoEventsOptions = {},
): Promise<{ seeded: boolean }> => {
  const [{ n }] = (await db.select({ n: count() }).from(events)) as [{ n: number }];
  if (Number(n) > 0) return { seeded: false };
  const r = rng(20_261_122);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

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
  if (!cats.length || !locs.length || !provs.length) return { seeded: false };
  const demoProvider = provs.find((p) => p.email === DEMO.provider.email);
  const sups = await db
    .select({ id: users.id, providerId: users.providerId })
    .from(users)
    .where(and(eq(users.role, 'manager'), isNotNull(users.providerId)));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.admin.email));
  const staffIds = await staffIdsOf(db);

  // pictures: one gradient per palette, shared by the events of that palette
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
    let status: EventStatus;
    if (past) status = r.chance(0.12) ? 'cancelled' : r.chance(0.1) ? 'approved' : 'completed';
    else if (i % 11 === 3) status = 'pending';
    else if (i % 13 === 5) status = 'draft';
    else if (i % 17 === 8) status = 'rejected';
    else status = r.chance(0.06) ? 'cancelled' : 'approved';
    if (demoProvider && providerId === demoProvider.id && !past && i % 8 === 4) status = 'pending';
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
  // One coming event in a small room, sold out with people waiting: its pending bookings cannot all
  // be confirmed, whatever the hour the demo is seeded at (the other events' fill depends on it).
  const waitlisted = seeds.find(
    (s) => s.status === 'approved' && s.startsAt.getTime() > now.getTime() + 7 * DAY,
  );
  if (waitlisted) waitlisted.capacity = WAITLISTED_CAPACITY;

  await db.transaction(async (tx) => {
    // Seeded rows are neither on the audit trail nor news for the live change log (ADR 0017, ADR 0019).
    await tx.execute(sql`select set_config('ebo.audit', 'off', true), set_config('ebo.live', 'off', true)`);
    const created = await tx
      .insert(events)
      .values(seeds.map(({ i: _i, ...e }) => e))
      .returning({ id: events.id });
    const evs = seeds.map((s, k) => ({ ...s, id: created[k]!.id }));

    // status histories
    const hist: (typeof eventHistory.$inferInsert)[] = [];
    for (const e of evs) {
      const t = (d: number) => new Date(e.createdAt.getTime() + d * HOUR);
      hist.push({
        eventId: e.id,
        fromStatus: null,
        toStatus: 'draft',
        reason: null,
        byUserId: e.providerId,
        at: e.createdAt,
      });
      if (e.status === 'draft') continue;
      hist.push({
        eventId: e.id,
        fromStatus: 'draft',
        toStatus: 'pending',
        reason: null,
        byUserId: e.providerId,
        at: t(2),
      });
      if (e.status === 'pending') continue;
      if (e.status === 'rejected') {
        hist.push({
          eventId: e.id,
          fromStatus: 'pending',
          toStatus: 'rejected',
          reason: e.statusReason,
          byUserId: admin?.id ?? null,
          at: t(30),
        });
        continue;
      }
      hist.push({
        eventId: e.id,
        fromStatus: 'pending',
        toStatus: 'approved',
        reason: null,
        byUserId: admin?.id ?? null,
        at: t(26),
      });
      if (e.status === 'cancelled')
        hist.push({
          eventId: e.id,
          fromStatus: 'approved',
          toStatus: 'cancelled',
          reason: e.statusReason,
          byUserId: e.providerId,
          at: new Date(Math.min(now.getTime() - HOUR, e.startsAt.getTime() - 3 * DAY)),
        });
      if (e.status === 'completed')
        hist.push({
          eventId: e.id,
          fromStatus: 'approved',
          toStatus: 'completed',
          reason: null,
          byUserId: e.providerId,
          at: new Date(e.endsAt.getTime() + 2 * HOUR),
        });
    }
    await tx.insert(eventHistory).values(hist);

    // supervisors and specialists
    const assigned = evs.flatMap((e) =>
      sups
        .filter((s) => s.providerId === e.providerId)
        .slice(0, 2)
        .map((s) => ({ eventId: e.id, userId: s.id })),
    );
    if (assigned.length) await tx.insert(eventSupervisors).values(assigned);
    await tx.insert(eventSpecialists).values(
      evs
        .filter((e) => e.i % 3 !== 2)
        .flatMap((e) =>
          [0, 1].map((k) => {
            const s = SPECIALISTS[(e.i + k * 3) % SPECIALISTS.length]!;
            return { eventId: e.id, name: s.name, role: s.role, photo: null, sortOrder: k };
          }),
        ),
    );

    // advertisements
    const today = new Date(now.getTime()).toISOString().slice(0, 10);
    const dayAt = (d: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + d * DAY).toISOString().slice(0, 10);
    const approvedUpcoming = evs.filter(
      (e) => e.status === 'approved' && e.startsAt.getTime() > now.getTime(),
    );
    const adRows = Array.from({ length: 24 }, (_, i) => {
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
    await tx.insert(advertisements).values(adRows);

    await tx
      .insert(pages)
      .values(PAGES(now).map(({ at, ...p }) => ({ ...p, createdAt: at, updatedAt: at, version: 0 })));

    // bookings
    const bookable = evs
      .filter((e) => ['approved', 'completed', 'cancelled'].includes(e.status))
      .map((e) => ({ ...e, status: e.status }));
    await makeBookings(tx, bookable, opts.bookings ?? 3000, now, staffIds, 7, new Map());
  });
  return { seeded: true };
};
