/**
 * Demo data (demo mode only): realistic English / Arabic masters, service providers in every
 * status with documents (small real PDF and PNG files in storage) and approval history,
 * supervisors and staff, so that every list looks real, then the events, advertisements, pages
 * and bookings of demo-events.ts. Idempotent: each part runs once, when its tables are empty. Batch inserts keep it to about a second on PGlite.
 */
import { countryTimeZone } from '../../src/contract/time-zones';
import { randomBytes } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { USER_STATUS, type Role, type UserStatus } from '../../src/contract/roles';
import { hashPassword } from '../auth/passwords';
import type { Storage } from '../files/storage';
import type { Db } from '../db/client';
import { DEMO, DEMO_PASSWORD } from './demo-accounts';
import { seedDemoEvents } from './demo-events';
import {
  categories,
  cities,
  countries,
  locations,
  providerApprovals,
  providerDocuments,
  serviceProviders,
  users,
} from '../db/schema';

type L = { en: string; ar: string };
const l = (en: string, ar: string): L => ({ en, ar });

const CATEGORIES: L[] = [
  l('Weddings', 'حفلات الزفاف'),
  l('Corporate Events', 'فعاليات الشركات'),
  l('Catering', 'خدمات الضيافة'),
  l('Photography', 'التصوير'),
  l('Decoration', 'الديكور والتزيين'),
  l('Sound & Lighting', 'الصوت والإضاءة'),
  l('Entertainment', 'الترفيه'),
  l('Venues', 'القاعات والأماكن'),
  l('Transport', 'النقل'),
  l('Flowers', 'الزهور'),
  l('Conferences', 'المؤتمرات'),
  l('Kids Parties', 'حفلات الأطفال'),
];

type CountrySeed = {
  name: L;
  iso: string;
  dial: string;
  active: boolean;
  cities: [string, string, number, number][];
};
const COUNTRIES: CountrySeed[] = [
  {
    name: l('Saudi Arabia', 'المملكة العربية السعودية'),
    iso: 'SA',
    dial: '+966',
    active: true,
    cities: [
      ['Riyadh', 'الرياض', 24.7136, 46.6753],
      ['Jeddah', 'جدة', 21.4858, 39.1925],
      ['Mecca', 'مكة المكرمة', 21.3891, 39.8579],
      ['Medina', 'المدينة المنورة', 24.5247, 39.5692],
      ['Dammam', 'الدمام', 26.4207, 50.0888],
      ['Khobar', 'الخبر', 26.2172, 50.1971],
      ['Taif', 'الطائف', 21.2703, 40.4158],
      ['Abha', 'أبها', 18.2164, 42.5053],
      ['Tabuk', 'تبوك', 28.3835, 36.5662],
      ['Buraidah', 'بريدة', 26.326, 43.975],
    ],
  },
  {
    name: l('United Arab Emirates', 'الإمارات العربية المتحدة'),
    iso: 'AE',
    dial: '+971',
    active: true,
    cities: [
      ['Dubai', 'دبي', 25.2048, 55.2708],
      ['Abu Dhabi', 'أبوظبي', 24.4539, 54.3773],
      ['Sharjah', 'الشارقة', 25.3463, 55.4209],
      ['Ajman', 'عجمان', 25.4052, 55.5136],
      ['Al Ain', 'العين', 24.1302, 55.8023],
      ['Ras Al Khaimah', 'رأس الخيمة', 25.8007, 55.9762],
    ],
  },
  {
    name: l('Qatar', 'قطر'),
    iso: 'QA',
    dial: '+974',
    active: true,
    cities: [
      ['Doha', 'الدوحة', 25.2854, 51.531],
      ['Al Wakrah', 'الوكرة', 25.1659, 51.5976],
      ['Al Khor', 'الخور', 25.6804, 51.4969],
    ],
  },
  {
    name: l('Kuwait', 'الكويت'),
    iso: 'KW',
    dial: '+965',
    active: true,
    cities: [
      ['Kuwait City', 'مدينة الكويت', 29.3759, 47.9774],
      ['Hawalli', 'حولي', 29.3328, 48.0286],
      ['Al Ahmadi', 'الأحمدي', 29.0769, 48.0838],
    ],
  },
  {
    name: l('Bahrain', 'البحرين'),
    iso: 'BH',
    dial: '+973',
    active: true,
    cities: [
      ['Manama', 'المنامة', 26.2235, 50.5876],
      ['Muharraq', 'المحرق', 26.2572, 50.6119],
      ['Riffa', 'الرفاع', 26.13, 50.555],
    ],
  },
  {
    name: l('Oman', 'عُمان'),
    iso: 'OM',
    dial: '+968',
    active: true,
    cities: [
      ['Muscat', 'مسقط', 23.588, 58.3829],
      ['Salalah', 'صلالة', 17.0151, 54.0924],
      ['Sohar', 'صحار', 24.3643, 56.7468],
      ['Nizwa', 'نزوى', 22.9333, 57.5333],
    ],
  },
  {
    name: l('Egypt', 'مصر'),
    iso: 'EG',
    dial: '+20',
    active: true,
    cities: [
      ['Cairo', 'القاهرة', 30.0444, 31.2357],
      ['Alexandria', 'الإسكندرية', 31.2001, 29.9187],
      ['Giza', 'الجيزة', 30.0131, 31.2089],
      ['Luxor', 'الأقصر', 25.6872, 32.6396],
      ['Sharm El Sheikh', 'شرم الشيخ', 27.9158, 34.33],
    ],
  },
  {
    name: l('Jordan', 'الأردن'),
    iso: 'JO',
    dial: '+962',
    active: true,
    cities: [
      ['Amman', 'عمّان', 31.9454, 35.9284],
      ['Aqaba', 'العقبة', 29.532, 35.0063],
      ['Irbid', 'إربد', 32.5556, 35.85],
    ],
  },
  {
    name: l('United Kingdom', 'المملكة المتحدة'),
    iso: 'GB',
    dial: '+44',
    active: true,
    cities: [
      ['London', 'لندن', 51.5072, -0.1276],
      ['Manchester', 'مانشستر', 53.4808, -2.2426],
    ],
  },
  {
    name: l('Türkiye', 'تركيا'),
    iso: 'TR',
    dial: '+90',
    active: false,
    cities: [['Istanbul', 'إسطنبول', 41.0082, 28.9784]],
  },
];

const VENUES: L[] = [
  l('Convention Centre', 'مركز المؤتمرات'),
  l('Exhibition Hall', 'قاعة المعارض'),
  l('Grand Ballroom', 'القاعة الكبرى'),
  l('Waterfront Park', 'حديقة الواجهة البحرية'),
  l('Cultural Centre', 'المركز الثقافي'),
  l('Sports Arena', 'الصالة الرياضية'),
  l('Garden Venue', 'حديقة الفعاليات'),
  l('Heritage Village', 'القرية التراثية'),
];
const STREETS: L[] = [
  l('King Fahd Road', 'طريق الملك فهد'),
  l('Corniche Street', 'شارع الكورنيش'),
  l('Olaya Street', 'شارع العليا'),
  l('Sheikh Zayed Road', 'شارع الشيخ زايد'),
  l('Prince Sultan Street', 'شارع الأمير سلطان'),
];
/** Locations per city (by index in the flattened city list); the rest get one or none. */
const LOCATIONS_PER_CITY = [
  8, 5, 2, 2, 3, 2, 1, 1, 1, 1, 6, 4, 2, 1, 1, 1, 3, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 0, 3, 2, 1, 1, 1, 2, 1,
  0, 1, 1, 0, 1,
];

const FIRST: L[] = [
  l('Ahmed', 'أحمد'),
  l('Mohammed', 'محمد'),
  l('Fatima', 'فاطمة'),
  l('Aisha', 'عائشة'),
  l('Khalid', 'خالد'),
  l('Noura', 'نورة'),
  l('Abdullah', 'عبدالله'),
  l('Maryam', 'مريم'),
  l('Hassan', 'حسن'),
  l('Huda', 'هدى'),
  l('Faisal', 'فيصل'),
  l('Reem', 'ريم'),
  l('Tariq', 'طارق'),
  l('Layan', 'ليان'),
  l('Saeed', 'سعيد'),
  l('Dana', 'دانة'),
  l('Majid', 'ماجد'),
  l('Lulwa', 'لولوة'),
  l('Nasser', 'ناصر'),
  l('Hind', 'هند'),
];
const LAST: L[] = [
  l('Al-Harbi', 'الحربي'),
  l('Al-Qahtani', 'القحطاني'),
  l('Al-Otaibi', 'العتيبي'),
  l('Al-Mansouri', 'المنصوري'),
  l('Al-Shamsi', 'الشامسي'),
  l('Haddad', 'حداد'),
  l('Khoury', 'خوري'),
  l('Al-Zahrani', 'الزهراني'),
  l('Al-Dosari', 'الدوسري'),
  l('Saleh', 'صالح'),
  l('Al-Kuwari', 'الكواري'),
];
const BRANDS: L[] = [
  l('Al Noor', 'النور'),
  l('Golden Palm', 'النخلة الذهبية'),
  l('Desert Rose', 'وردة الصحراء'),
  l('Blue Pearl', 'اللؤلؤة الزرقاء'),
  l('Falcon', 'الصقر'),
  l('Oasis', 'الواحة'),
  l('Crescent', 'الهلال'),
  l('Majestic', 'الفخامة'),
  l('Silver Star', 'النجمة الفضية'),
  l('Royal Touch', 'اللمسة الملكية'),
  l('Sands', 'الرمال'),
  l('Lantern', 'الفانوس'),
  l('Cedar', 'الأرز'),
  l('Horizon', 'الأفق'),
];
const KINDS: L[] = [
  l('Wedding Planners', 'لتنظيم حفلات الزفاف'),
  l('Events', 'للفعاليات'),
  l('Catering', 'للضيافة'),
  l('Studio', 'للتصوير'),
  l('Decor', 'للديكور'),
  l('Sound & Light', 'للصوت والإضاءة'),
  l('Entertainment', 'للترفيه'),
  l('Venues', 'للقاعات'),
  l('Transport', 'للنقل'),
  l('Florists', 'للزهور'),
  l('Conferences', 'للمؤتمرات'),
  l('Kids Parties', 'لحفلات الأطفال'),
];
const REJECTIONS = [
  'The commercial registration has expired.',
  'The trade licence does not match the business name.',
  'Documents are unreadable; please upload clear copies.',
];
const BLOCKS = ['Repeated customer complaints about no-shows.', 'Payment disputes under review.'];

/** A small, valid one-page PDF. */
const demoPdf = (title: string): Uint8Array => {
  const text = title.replace(/[()\\]/g, '');
  const content = `BT /F1 14 Tf 40 60 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 120] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
};

/** A valid 1×1 PNG. */
export const demoPng = (): Uint8Array =>
  new Uint8Array(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  );

const DAY = 24 * 60 * 60 * 1000;
const key = (folder: string, ext: string) => `${folder}/${randomBytes(18).toString('base64url')}.${ext}`;
const phoneOf = (dial: string, i: number) => `${dial}5${String(10_000_000 + i * 7_919).slice(-8)}`;

export const seedDemoData = async (
  db: Db,
  storage: Storage,
  now: Date = new Date(),
): Promise<{ seeded: boolean }> => {
  const [{ n }] = (await db.select({ n: count() }).from(categories)) as [{ n: number }];
  if (Number(n) > 0) return seedDemoEvents(db, storage, now);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const files: { key: string; data: Uint8Array }[] = [];

  await db.transaction(async (tx) => {
    // Seeded rows are neither on the audit trail nor news for the live change log (ADR 0017, ADR 0019).
    await tx.execute(sql`select set_config('ebo.audit', 'off', true), set_config('ebo.live', 'off', true)`);
    // masters
    const cats = await tx
      .insert(categories)
      .values(
        CATEGORIES.map((name, i) => ({
          name,
          active: i !== 11,
          sortOrder: (i + 1) * 10,
          createdAt: ago(200 - i),
          updatedAt: ago(100 - i),
        })),
      )
      .returning({ id: categories.id });
    const ctrs = await tx
      .insert(countries)
      .values(
        COUNTRIES.map((c, i) => ({
          name: c.name,
          isoCode: c.iso,
          dialCode: c.dial,
          active: c.active,
          createdAt: ago(210 - i),
          updatedAt: ago(150 - i),
        })),
      )
      .returning({ id: countries.id });
    const citySeeds = COUNTRIES.flatMap((c, ci) =>
      c.cities.map(([en, ar, lat, lng]) => ({ name: l(en, ar), countryIdx: ci, lat, lng, dial: c.dial })),
    );
    const cts = await tx
      .insert(cities)
      .values(
        citySeeds.map((c, i) => ({
          name: c.name,
          countryId: ctrs[c.countryIdx]!.id,
          active: COUNTRIES[c.countryIdx]!.active && i !== 9,
          createdAt: ago(205 - i),
          updatedAt: ago(120 - i),
        })),
      )
      .returning({ id: cities.id });
    const locs = citySeeds.flatMap((c, ci) =>
      Array.from({ length: LOCATIONS_PER_CITY[ci] ?? 0 }, (_, k) => {
        const venue = VENUES[(ci + k) % VENUES.length]!;
        const street = STREETS[(ci * 3 + k) % STREETS.length]!;
        return {
          name: l(`${c.name.en} ${venue.en}`, `${venue.ar} - ${c.name.ar}`),
          cityId: cts[ci]!.id,
          address: `${street.en} ${10 + ((ci * 7 + k * 13) % 90)}, ${c.name.en}`,
          latitude: Math.round((c.lat + ((k % 3) - 1) * 0.021 + k * 0.004) * 1e6) / 1e6,
          longitude: Math.round((c.lng + ((k % 4) - 1.5) * 0.017) * 1e6) / 1e6,
          // The country's zone: Oman's venues are on Muscat's clock (GMT+4), Saudi ones on Riyadh's.
          timeZone: countryTimeZone(COUNTRIES[c.countryIdx]!.iso),
          active: (ci + k) % 11 !== 5,
          createdAt: ago(180 - ci - k),
          updatedAt: ago(60 - (ci % 30)),
        };
      }),
    );
    await tx.insert(locations).values(locs);

    // service providers: the demo accounts' profiles, then 40 more in every status
    const admin = (await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO.admin.email)))[0];
    const demoProviders = await tx
      .select({ id: users.id, email: users.email, status: users.status })
      .from(users)
      .where(inArray(users.email, [DEMO.provider.email, DEMO.pending.email, DEMO.blocked.email]));
    const statusAt = (i: number): UserStatus =>
      i % 10 === 3 || i % 10 === 7
        ? USER_STATUS.pending
        : i % 10 === 5
          ? USER_STATUS.rejected
          : i === 19 || i === 33
            ? USER_STATUS.blocked
            : USER_STATUS.active;
    const providerSeeds = Array.from({ length: 40 }, (_, i) => {
      const first = FIRST[(i * 7) % FIRST.length]!;
      const last = LAST[(i * 3) % LAST.length]!;
      const brand = BRANDS[i % BRANDS.length]!;
      const kindIdx = (i * 5) % KINDS.length;
      const kind = KINDS[kindIdx]!;
      const city = citySeeds[(i * 3) % 24]!;
      return {
        i,
        email: `${brand.en.toLowerCase().replace(/[^a-z]+/g, '')}.${kind.en.toLowerCase().replace(/[^a-z]+/g, '')}${i}@example.com`,
        name: l(`${first.en} ${last.en}`, `${first.ar} ${last.ar}`),
        phone: phoneOf(city.dial, i),
        business: l(`${brand.en} ${kind.en}`, `${brand.ar} ${kind.ar}`),
        description: l(
          `${brand.en} ${kind.en} has served clients in ${city.name.en} for ${3 + (i % 12)} years.`,
          `تخدم ${brand.ar} ${kind.ar} العملاء في ${city.name.ar} منذ ${3 + (i % 12)} سنوات.`,
        ),
        categoryId: cats[kindIdx]!.id,
        cityId: cts[(i * 3) % 24]!.id,
        status: statusAt(i),
        createdAt: ago(160 - i * 3),
      };
    });
    const created = await tx
      .insert(users)
      .values(
        providerSeeds.map((p) => ({
          email: p.email,
          passwordHash,
          name: p.name,
          phone: p.phone,
          role: 'serviceprovider' as Role,
          status: p.status,
          language: p.i % 3 === 0 ? 'ar' : 'en',
          createdAt: p.createdAt,
          updatedAt: p.createdAt,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(created.map((u) => [u.email, u.id]));
    const reasonOf = (p: (typeof providerSeeds)[number]) =>
      p.status === USER_STATUS.rejected
        ? REJECTIONS[p.i % REJECTIONS.length]!
        : p.status === USER_STATUS.blocked
          ? BLOCKS[p.i % BLOCKS.length]!
          : null;
    await tx.insert(serviceProviders).values(
      providerSeeds.map((p) => ({
        userId: idByEmail.get(p.email)!,
        businessName: p.business,
        description: p.description,
        categoryId: p.categoryId,
        cityId: p.cityId,
        contactPhone: p.phone,
        rejectionReason: reasonOf(p),
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      })),
    );
    // The demo provider: a complete, approved profile in Riyadh.
    const demoProvider = demoProviders.find((p) => p.email === DEMO.provider.email);
    if (demoProvider)
      await tx
        .update(serviceProviders)
        .set({
          businessName: l('Nasser Events & Weddings', 'ناصر للفعاليات وحفلات الزفاف'),
          description: l(
            'Full-service wedding and corporate event planning across Riyadh and Jeddah.',
            'تنظيم متكامل لحفلات الزفاف وفعاليات الشركات في الرياض وجدة.',
          ),
          categoryId: cats[0]!.id,
          cityId: cts[0]!.id,
          contactPhone: DEMO.provider.phone,
        })
        .where(eq(serviceProviders.userId, demoProvider.id));

    // approval history and documents
    const history: (typeof providerApprovals.$inferInsert)[] = [];
    const docs: (typeof providerDocuments.$inferInsert)[] = [];
    const allProviders = [
      ...providerSeeds.map((p) => ({
        id: idByEmail.get(p.email)!,
        status: p.status,
        reason: reasonOf(p),
        at: p.createdAt,
        i: p.i,
      })),
      ...demoProviders.map((p, k) => ({
        id: p.id,
        status: p.status as UserStatus,
        reason: p.status === USER_STATUS.blocked ? BLOCKS[0]! : null,
        at: ago(90 + k),
        i: 100 + k,
      })),
    ];
    for (const p of allProviders) {
      if (p.status !== USER_STATUS.pending)
        history.push({
          providerId: p.id,
          fromStatus: USER_STATUS.pending,
          toStatus: p.status === USER_STATUS.blocked ? USER_STATUS.active : p.status,
          reason: p.status === USER_STATUS.rejected ? p.reason : null,
          byUserId: admin?.id ?? null,
          at: new Date(p.at.getTime() + 2 * DAY),
        });
      if (p.status === USER_STATUS.blocked)
        history.push({
          providerId: p.id,
          fromStatus: USER_STATUS.active,
          toStatus: USER_STATUS.blocked,
          reason: p.reason,
          byUserId: admin?.id ?? null,
          at: new Date(p.at.getTime() + 20 * DAY),
        });
      const wanted = [
        { name: 'commercial-registration.pdf', pdf: 'Commercial registration' },
        { name: 'trade-licence.pdf', pdf: 'Trade licence' },
        { name: 'logo.png', pdf: null },
      ].slice(0, p.i % 4);
      for (const d of wanted) {
        const data = d.pdf ? demoPdf(`${d.pdf} - provider ${p.id}`) : demoPng();
        const k = key('documents', d.pdf ? 'pdf' : 'png');
        files.push({ key: k, data });
        docs.push({
          providerId: p.id,
          storageKey: k,
          fileName: d.name,
          mimeType: d.pdf ? 'application/pdf' : 'image/png',
          size: data.byteLength,
          uploadedBy: p.id,
          uploadedAt: new Date(p.at.getTime() + DAY),
        });
      }
    }
    if (history.length) await tx.insert(providerApprovals).values(history);
    if (docs.length) await tx.insert(providerDocuments).values(docs);

    // supervisors: four for the demo provider, the rest with approved providers
    const approved = providerSeeds
      .filter((p) => p.status === USER_STATUS.active)
      .map((p) => idByEmail.get(p.email)!);
    const owners = [...(demoProvider ? Array(4).fill(demoProvider.id) : []), ...approved];
    await tx.insert(users).values(
      Array.from({ length: 20 }, (_, i) => {
        const first = FIRST[(i * 3 + 5) % FIRST.length]!;
        const last = LAST[(i * 5 + 2) % LAST.length]!;
        return {
          email: `supervisor${i + 1}@example.com`,
          passwordHash,
          name: l(`${first.en} ${last.en}`, `${first.ar} ${last.ar}`),
          phone: phoneOf('+971', 500 + i),
          role: 'manager' as Role,
          status: i % 7 === 6 ? USER_STATUS.blocked : USER_STATUS.active,
          providerId: owners[i % owners.length]!,
          language: i % 2 ? 'ar' : 'en',
          createdAt: ago(100 - i * 2),
          updatedAt: ago(50 - i),
        };
      }),
    );

    // staff
    await tx.insert(users).values(
      Array.from({ length: 12 }, (_, i) => {
        const first = FIRST[(i * 11 + 1) % FIRST.length]!;
        const last = LAST[(i * 7 + 4) % LAST.length]!;
        return {
          email: `${first.en.toLowerCase()}.${last.en.toLowerCase().replace(/[^a-z]/g, '')}@example.com`,
          passwordHash,
          name: l(`${first.en} ${last.en}`, `${first.ar} ${last.ar}`),
          phone: phoneOf('+966', 900 + i),
          role: (i < 2 ? 'admin' : 'manager') as Role,
          status: i === 7 ? USER_STATUS.blocked : USER_STATUS.active,
          language: i % 2 ? 'ar' : 'en',
          createdAt: ago(300 - i * 10),
          updatedAt: ago(30 - i),
        };
      }),
    );
  });
  // One transaction for all: one commit instead of one per file.
  await db.transaction(async (tx) => {
    for (const f of files) await storage.put(f.key, f.data, { db: tx });
  });
  await seedDemoEvents(db, storage, now);
  return { seeded: true };
};
