/**
 * What the registry-driven resource suite needs to know about each area, keyed by resource key:
 * valid sample inputs, an edit, an invalid input with the field it must name, a search that must
 * match, a filter, a record still referenced (delete → 409), and what each role may do.
 * Adding a resource to the contract's registry without a fixture here fails the suite.
 */
import type { ResourceKey } from '../../src/contract/areas';
import type { ResourceOp } from '../../src/contract/resource';

/** What a role may do with an operation: everything, only its own records, or nothing (403). */
export type Grant = 'allow' | 'own' | 'deny';

export interface FixtureCtx {
  countryId: number;
  otherCountryId: number;
  cityId: number;
  categoryId: number;
  providerId: number;
  /*
   * The areas of events, advertisements, bookings and pages need these too (optional so that
   * callers written for the first areas still type-check; the registry suite always sets them).
   */
  /** A location in `cityId`. */
  locationId?: number;
  /** An approved, coming event of `providerId` that has bookings. */
  eventId?: number;
  /** An approved, coming event of the demo provider (the provider role's own). */
  ownEventId?: number;
  /** An uploaded advertisement image. */
  adImage?: string;
  /** The privacy policy page (required: deleting it answers 409). */
  privacyPageId?: number;
  /** A number unique to this call. */
  n: number;
}

type Rec = Record<string, unknown> & { id: number; version: number };

export interface Fixture {
  sample(ctx: FixtureCtx): Record<string, unknown>;
  /** What the provider role sends to add its own record (default: `sample` without providerId). */
  ownSample?(ctx: FixtureCtx): Record<string, unknown>;
  /** The sample with a CSV-injection text in a column of the export (default: `name`). */
  injection?(sample: Record<string, unknown>): Record<string, unknown>;
  /** The fields to send to update `record` (valid), and one field that must change. */
  edit(record: Rec, ctx: FixtureCtx): { body: Record<string, unknown>; changed: string };
  invalid(ctx: FixtureCtx): { body: Record<string, unknown>; field: string };
  search: { q: string; matches(record: Rec): boolean };
  filter: { query: Record<string, string>; matches(record: Rec): boolean };
  /** A record that is still referenced (delete answers 409). */
  referenced?: { id(ctx: FixtureCtx & { supervisedProviderId: number }): number; message: RegExp };
  manager: Grant;
  provider: Grant | Partial<Record<ResourceOp, Grant>>;
}

/**
 * A master: providers add and read them, but change or delete only the ones they added (the
 * suite's records are added by an admin: 403; docs/security.md, "Authorization").
 */
const MASTER_GRANTS: Partial<Record<ResourceOp, Grant>> = {
  list: 'allow',
  get: 'allow',
  create: 'allow',
  export: 'allow',
  update: 'deny',
  remove: 'deny',
};

const L = (en: string, ar: string) => ({ en, ar });
const iso = (n: number) =>
  String.fromCharCode(88 + (Math.floor(n / 26) % 3)) + String.fromCharCode(65 + (n % 26));
const phone = (n: number) => `+9665${String(30_000_000 + n).slice(-8)}`;
const EVIL = { en: '=HYPERLINK("http://x")', ar: '+عربي' };
/** A coming instant, distinct per n. */
const at = (n: number, hours = 0) =>
  new Date(Date.UTC(2027, 0, 10, 13 + hours) + n * 3_600_000).toISOString();

export const FIXTURES: Record<ResourceKey, Fixture> = {
  category: {
    sample: ({ n }) => ({
      name: L(`Test Category ${n}`, `فئة تجريبية ${n}`),
      sortOrder: n % 1000,
      active: true,
    }),
    edit: (r) => ({ body: { name: r.name, icon: null, active: false, sortOrder: 5 }, changed: 'active' }),
    invalid: ({ n }) => ({ body: { name: L(`Bad ${n}`, ''), sortOrder: -1 }, field: 'name.ar' }),
    search: { q: 'زفاف', matches: (r) => JSON.stringify(r.name).includes('زفاف') },
    filter: { query: { active: 'false' }, matches: (r) => r.active === false },
    referenced: { id: (c) => c.categoryId, message: /still used by \d+ service providers/ },
    manager: 'deny',
    provider: MASTER_GRANTS,
  },
  country: {
    sample: ({ n }) => ({
      name: L(`Testland ${n}`, `بلد تجريبي ${n}`),
      isoCode: iso(n),
      dialCode: `+${800 + (n % 99)}`,
    }),
    edit: (r) => ({
      body: { name: r.name, isoCode: r.isoCode, dialCode: '+999', active: true },
      changed: 'dialCode',
    }),
    invalid: ({ n }) => ({
      body: { name: L(`Bad ${n}`, 'سيء'), isoCode: 'SAU', dialCode: '+966' },
      field: 'isoCode',
    }),
    search: { q: 'emir', matches: (r) => JSON.stringify(r.name).toLowerCase().includes('emir') },
    filter: { query: { active: 'true' }, matches: (r) => r.active === true },
    referenced: { id: (c) => c.countryId, message: /still used by \d+ cities/ },
    manager: 'deny',
    provider: MASTER_GRANTS,
  },
  city: {
    sample: ({ n, countryId }) => ({ name: L(`Test City ${n}`, `مدينة تجريبية ${n}`), countryId }),
    edit: (r, c) => ({
      body: { name: L('Renamed City', 'مدينة معدلة'), countryId: c.otherCountryId, active: true },
      changed: 'countryId',
    }),
    invalid: ({ n }) => ({ body: { name: L(`Bad ${n}`, 'سيء'), countryId: 999_999 }, field: 'countryId' }),
    search: { q: 'الرياض', matches: (r) => JSON.stringify(r.name).includes('الرياض') },
    filter: { query: { countryId: '2' }, matches: (r) => r.countryId === 2 },
    referenced: { id: (c) => c.cityId, message: /still used by \d+ locations/ },
    manager: 'deny',
    provider: MASTER_GRANTS,
  },
  location: {
    sample: ({ n, countryId, cityId }) => ({
      name: L(`Test Hall ${n}`, `قاعة تجريبية ${n}`),
      countryId,
      cityId,
      address: `Street ${n}`,
      latitude: 24.7,
      longitude: 46.6,
    }),
    edit: (r) => ({
      body: {
        name: r.name,
        countryId: r.countryId,
        cityId: r.cityId,
        address: 'New address 1',
        latitude: -12.5,
        longitude: -70.25,
        active: true,
      },
      changed: 'latitude',
    }),
    invalid: ({ n, countryId, cityId }) => ({
      body: { name: L(`Bad ${n}`, 'سيء'), countryId, cityId, latitude: 91, longitude: 0 },
      field: 'latitude',
    }),
    search: { q: 'Convention', matches: (r) => JSON.stringify(r.name).includes('Convention') },
    filter: { query: { cityId: '1' }, matches: (r) => r.cityId === 1 },
    manager: 'deny',
    provider: MASTER_GRANTS,
  },
  serviceprovider: {
    sample: ({ n, categoryId, cityId }) => ({
      name: L(`Contact ${n}`, `جهة اتصال ${n}`),
      email: `sp${n}@test.example.com`,
      phone: phone(n),
      businessName: L(`Test Business ${n}`, `نشاط تجريبي ${n}`),
      description: L('Test description', 'وصف تجريبي'),
      categoryId,
      cityId,
      contactPhone: phone(n + 1),
    }),
    edit: (r) => ({
      body: {
        name: r.name,
        email: r.email,
        phone: r.phone,
        businessName: L('Edited Business', 'نشاط معدل'),
        description: r.description,
        categoryId: r.categoryId,
        cityId: r.cityId,
        contactPhone: r.contactPhone,
      },
      changed: 'businessName',
    }),
    invalid: ({ n }) => ({
      body: {
        name: L(`Bad ${n}`, 'سيء'),
        email: 'not-an-email',
        phone: null,
        businessName: L('B', 'ب'),
        categoryId: null,
        cityId: null,
      },
      field: 'email',
    }),
    search: { q: 'Oasis', matches: (r) => JSON.stringify(r.businessName).includes('Oasis') },
    filter: { query: { status: '0' }, matches: (r) => r.status === '0' },
    referenced: { id: (c) => c.supervisedProviderId, message: /still has \d+ supervisors/ },
    manager: 'deny',
    provider: {
      list: 'own',
      get: 'own',
      update: 'own',
      export: 'own',
      create: 'deny',
      remove: 'deny',
      options: 'deny',
    },
  },
  supervisor: {
    sample: ({ n, providerId }) => ({
      name: L(`Supervisor ${n}`, `مشرف ${n}`),
      email: `sup${n}@test.example.com`,
      phone: phone(n + 7),
      providerId,
    }),
    edit: (r) => ({
      body: { name: L('Edited Supervisor', 'مشرف معدل'), email: r.email, phone: r.phone },
      changed: 'name',
    }),
    invalid: ({ n, providerId }) => ({
      body: {
        name: L(`Bad ${n}`, 'سيء'),
        email: `bad${n}@test.example.com`,
        phone: null,
        providerId,
        // No password on create: the account is invited (docs/decisions/0063-invitations.md).
        password: 'Typed-By-Staff-2026!',
      },
      field: 'password',
    }),
    search: { q: 'supervisor1', matches: (r) => String(r.email).includes('supervisor1') },
    filter: { query: { status: '3' }, matches: (r) => r.status === '3' },
    manager: 'deny',
    provider: 'own',
  },
  user: {
    sample: ({ n }) => ({
      name: L(`User ${n}`, `مستخدم ${n}`),
      email: `user${n}@test.example.com`,
      phone: phone(n + 3),
      role: 'manager',
    }),
    edit: (r) => ({
      body: { name: r.name, email: r.email, phone: '+971500000001', role: r.role },
      changed: 'phone',
    }),
    invalid: ({ n }) => ({
      body: {
        name: L(`Bad ${n}`, 'سيء'),
        email: `bad${n}@test.example.com`,
        phone: null,
        role: 'superuser',
      },
      field: 'role',
    }),
    search: { q: 'example.com', matches: (r) => String(r.email).includes('example.com') },
    filter: { query: { role: 'admin' }, matches: (r) => r.role === 'admin' },
    manager: 'deny',
    provider: 'deny',
  },
  event: {
    sample: ({ n, categoryId, countryId, cityId, locationId, providerId }) => ({
      title: L(`Test Event ${n}`, `فعالية تجريبية ${n}`),
      description: L('A test event.', 'فعالية للاختبار.'),
      categoryId,
      providerId,
      countryId,
      cityId,
      locationId,
      startsAt: at(n),
      endsAt: at(n, 4),
      price: 15_000,
      capacity: 100,
    }),
    edit: (r) => ({
      body: {
        title: r.title,
        description: r.description,
        categoryId: r.categoryId,
        providerId: r.providerId,
        countryId: r.countryId,
        cityId: r.cityId,
        locationId: r.locationId,
        startsAt: r.startsAt,
        endsAt: r.endsAt,
        price: r.price,
        capacity: (r.capacity as number) + 50,
        images: r.images,
        coverImage: r.coverImage,
        supervisorIds: r.supervisorIds,
      },
      changed: 'capacity',
    }),
    invalid: (c) => ({
      body: { ...FIXTURES.event!.sample(c), startsAt: at(c.n, 4), endsAt: at(c.n) },
      field: 'endsAt',
    }),
    injection: (sample) => ({ ...sample, title: EVIL }),
    search: { q: 'Summit', matches: (r) => JSON.stringify(r.title).includes('Summit') },
    filter: { query: { status: 'approved' }, matches: (r) => r.status === 'approved' },
    referenced: { id: (c) => c.eventId!, message: /still has \d+ bookings/ },
    manager: 'allow',
    provider: 'own',
  },
  advertisement: {
    sample: ({ n, adImage, providerId }) => ({
      title: L(`Test Ad ${n}`, `إعلان تجريبي ${n}`),
      image: adImage,
      targetType: 'url',
      url: `https://www.example.com/test/${n}`,
      placement: 'home_banner',
      startsOn: '2026-12-01',
      endsOn: '2026-12-31',
      providerId,
    }),
    edit: (r) => ({
      body: {
        title: r.title,
        image: r.image,
        targetType: r.targetType,
        eventId: r.eventId,
        url: r.url,
        placement: 'event_list',
        startsOn: r.startsOn,
        endsOn: r.endsOn,
        providerId: r.providerId,
      },
      changed: 'placement',
    }),
    invalid: (c) => ({
      body: { ...FIXTURES.advertisement!.sample(c), url: 'http://plain.example.com' },
      field: 'url',
    }),
    injection: (sample) => ({ ...sample, title: EVIL }),
    search: {
      q: 'offers',
      matches: (r) =>
        JSON.stringify(r.title).toLowerCase().includes('offers') || String(r.url).includes('offers'),
    },
    filter: { query: { status: 'expired' }, matches: (r) => r.status === 'expired' },
    manager: 'allow',
    provider: 'own',
  },
  booking: {
    sample: ({ n, eventId }) => ({
      eventId,
      customerName: `Test Customer ${n}`,
      customerEmail: `customer${n}@test.example.com`,
      customerPhone: phone(n + 11),
      tickets: 1 + (n % 3),
    }),
    ownSample: (c) => ({ ...FIXTURES.booking!.sample(c), eventId: c.ownEventId! }),
    edit: (r) => ({
      body: {
        eventId: r.eventId,
        customerName: r.customerName,
        customerEmail: r.customerEmail,
        customerPhone: r.customerPhone,
        tickets: r.tickets,
        notes: 'Called to confirm the seats.',
      },
      changed: 'notes',
    }),
    invalid: (c) => ({ body: { ...FIXTURES.booking!.sample(c), tickets: 0 }, field: 'tickets' }),
    injection: (sample) => ({ ...sample, customerName: EVIL.en }),
    search: { q: 'mail.example', matches: (r) => String(r.customerEmail).includes('mail.example') },
    filter: { query: { paymentStatus: 'refunded' }, matches: (r) => r.paymentStatus === 'refunded' },
    manager: 'allow',
    provider: 'own',
  },
  page: {
    sample: ({ n }) => ({
      slug: `test-page-${n}`,
      title: L(`Test Page ${n}`, `صفحة تجريبية ${n}`),
      content: { en: '<p>Hello</p>', ar: '<p>مرحبًا</p>' },
      status: 'published',
    }),
    edit: (r) => ({
      body: { slug: r.slug, title: r.title, content: r.content, links: r.links, status: 'draft' },
      changed: 'status',
    }),
    invalid: (c) => ({ body: { ...FIXTURES.page!.sample(c), slug: 'Not A Slug' }, field: 'slug' }),
    injection: (sample) => ({ ...sample, title: EVIL }),
    search: {
      q: 'privacy',
      matches: (r) => `${String(r.slug)}${JSON.stringify(r.title)}`.toLowerCase().includes('privacy'),
    },
    filter: { query: { status: 'draft' }, matches: (r) => r.status === 'draft' },
    referenced: { id: (c) => c.privacyPageId!, message: /required and cannot be deleted/ },
    manager: 'deny',
    provider: 'deny',
  },
  notification: {
    // Staff write to roles; a provider's sample (to roles) is refused (422): providers write to
    // their own supervisors only (tests/server/notifications.test.ts).
    sample: ({ n }) => ({
      title: L(`Test notice ${n}`, `إشعار تجريبي ${n}`),
      body: L('The venue opens at six.', 'يفتح المكان في السادسة.'),
      audienceType: 'roles',
      audienceRoles: ['admin'],
      link: '/booking',
    }),
    ownSample: ({ n }) => ({
      title: L(`Test notice ${n}`, `إشعار تجريبي ${n}`),
      body: L('Doors open at six.', 'تُفتح الأبواب في السادسة.'),
      audienceType: 'all',
    }),
    edit: (r) => ({
      body: {
        title: r.title,
        body: L('The venue opens at seven.', 'يفتح المكان في السابعة.'),
        audienceType: r.audienceType,
        audienceRoles: r.audienceRoles,
        audienceUserIds: r.audienceUserIds,
        link: r.link,
        sendAt: r.sendAt,
      },
      changed: 'body',
    }),
    invalid: (c) => ({
      body: { ...FIXTURES.notification!.sample(c), link: 'https://elsewhere.example.com' },
      field: 'link',
    }),
    injection: (sample) => ({ ...sample, title: EVIL }),
    search: {
      q: 'notice',
      matches: (r) => JSON.stringify(r.title).toLowerCase().includes('notice'),
    },
    filter: { query: { status: 'draft' }, matches: (r) => r.status === 'draft' },
    manager: 'deny',
    provider: 'own',
  },
};
