/**
 * Dashboard figures computed from a known dataset: a database without demo records, two events
 * of the demo provider and bookings made, confirmed and paid at chosen instants of an injected
 * clock around period boundaries of the platform's time zone (Riyadh, UTC+3; weeks from Sunday).
 * Today is Sunday 2026-11-22 (Riyadh); the month began at 2026-10-31T21:00Z.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestServer, type TestServer } from '../setup/server';
import { acceptInvitation, pngForm, signInAs } from '../support/kit';

const clock = createClock('2026-09-01T08:00:00Z');
let t: TestServer;
let admin: string;
let provider: string;
let other: string;
const cat: Record<'concerts' | 'weddings', number> = { concerts: 0, weddings: 0 };
const ev: Record<'e1' | 'e2' | 'e3', number> = { e1: 0, e2: 0, e3: 0 };
const codes: Record<string, string> = {};
const ids: Record<string, number> = {};

const ok = async (
  method: string,
  path: string,
  token: string,
  body?: unknown,
  status = 200,
): Promise<Record<string, unknown> & { id: number }> => {
  const res = await t.request(method, path, { token, body });
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
  return res.body.data;
};

/** Books at `at`, then (same instant) confirms and sets the payment. */
const book = async (
  name: string,
  at: string,
  event: number,
  tickets: number,
  payment?: 'paid' | 'refund',
) => {
  clock.set(at);
  const b = await ok(
    'POST',
    '/api/booking',
    admin,
    {
      eventId: event,
      customerName: `Customer ${name}`,
      customerEmail: `${name}@known.example`,
      customerPhone: '+966500000001',
      tickets,
    },
    201,
  );
  codes[name] = b.code as string;
  ids[name] = b.id;
  if (payment) {
    await ok('POST', '/api/booking/update-status', admin, {
      id: b.id,
      status: 'confirmed',
      paymentStatus: 'paid',
    });
    if (payment === 'refund')
      await ok('POST', '/api/booking/update-status', admin, {
        id: b.id,
        status: 'cancelled',
        paymentStatus: 'refunded',
      });
  }
  return b;
};

beforeAll(async () => {
  // sessions outlive the clock's jumps over three months
  const year = 365 * 24 * 3_600_000;
  t = await createTestServer({ clock, config: { sessionIdleMs: year, sessionAbsoluteMs: year } });
  admin = await signInAs(t, 'admin');
  provider = await signInAs(t, 'provider');
  // masters
  const master = (body: Record<string, unknown>) => ok('POST', '/api/master/addlist', admin, body, 201);
  cat.concerts = (await master({ type: 'category', name: { en: 'Concerts', ar: 'حفلات موسيقية' } })).id;
  cat.weddings = (await master({ type: 'category', name: { en: 'Weddings', ar: 'حفلات الزفاف' } })).id;
  const country = await master({
    type: 'country',
    name: { en: 'Saudi Arabia', ar: 'السعودية' },
    isoCode: 'SA',
    dialCode: '+966',
  });
  const city = await master({ type: 'city', name: { en: 'Riyadh', ar: 'الرياض' }, countryId: country.id });
  const location = await master({
    type: 'location',
    name: { en: 'Hall', ar: 'القاعة' },
    countryId: country.id,
    cityId: city.id,
    latitude: 24.7,
    longitude: 46.7,
  });
  // a second approved provider
  const p2 = await ok(
    'POST',
    '/api/serviceprovider',
    admin,
    {
      name: { en: 'Other', ar: 'آخر' },
      email: 'other.provider@known.example',
      phone: null,
      businessName: { en: 'Other Co', ar: 'شركة أخرى' },
      categoryId: null,
      cityId: null,
    },
    201,
  );
  expect(p2.status).toBe('1');
  await acceptInvitation(t, 'other.provider@known.example', 'Other-Pass-2026!');
  other = await t.login('other.provider@known.example', 'Other-Pass-2026!');

  const event = async (title: string, categoryId: number, price: number, approve: boolean) => {
    const e = await ok(
      'POST',
      '/api/event',
      provider,
      {
        title: { en: title, ar: `فعالية ${title}` },
        description: { en: 'Known data.', ar: 'بيانات معروفة.' },
        categoryId,
        countryId: country.id,
        cityId: city.id,
        locationId: location.id,
        startsAt: '2026-12-20T16:00:00Z',
        endsAt: '2026-12-20T20:00:00Z',
        price,
        capacity: 100,
      },
      201,
    );
    await ok('POST', '/api/event/update-status', provider, { id: e.id, status: 'pending' });
    if (approve)
      await ok('POST', '/api/event/approve', admin, { id: e.id, status: 'approved', reason: null });
    return e.id;
  };
  ev.e1 = await event('E1', cat.concerts, 10_000, true);
  ev.e2 = await event('E2', cat.weddings, 25_000, true);
  ev.e3 = await event('E3', cat.concerts, 5_000, false); // waiting for approval

  await book('b7', '2026-10-01T10:00:00Z', ev.e2, 1, 'paid'); // before the 30-day window
  await book('b6', '2026-10-31T20:00:00Z', ev.e1, 3, 'paid'); // Riyadh 23:00 on 31 Oct: last month
  await book('b5', '2026-10-31T22:00:00Z', ev.e1, 1, 'paid'); // Riyadh 01:00 on 1 Nov: this month
  await book('b4', '2026-11-03T10:00:00Z', ev.e2, 2, 'paid');
  await book('b8', '2026-11-10T10:00:00Z', ev.e1, 1, 'refund'); // paid, then refunded
  await book('b3', '2026-11-21T20:00:00Z', ev.e1, 1); // Riyadh Saturday 23:00: last week
  await book('b2', '2026-11-21T22:30:00Z', ev.e2, 1, 'paid'); // Riyadh Sunday 01:30: today
  await book('b1', '2026-11-22T08:00:00Z', ev.e1, 2, 'paid');
  // one advertisement waiting for approval
  clock.set('2026-11-22T08:30:00Z');
  const { path } = await ok('POST', '/api/advertisement/image', provider, pngForm('ad.png'), 201);
  await ok(
    'POST',
    '/api/advertisement',
    provider,
    {
      title: { en: 'Known ad', ar: 'إعلان معروف' },
      image: path,
      targetType: 'event',
      eventId: ev.e1,
      placement: 'home_banner',
      startsOn: '2026-11-22',
      endsOn: '2026-12-20',
    },
    201,
  );
  clock.set('2026-11-22T09:00:00Z');
});
afterAll(() => t?.close());

const expectedDays: Record<string, { bookings: number; revenue: number }> = {
  '2026-10-31': { bookings: 1, revenue: 30_000 },
  '2026-11-01': { bookings: 1, revenue: 10_000 },
  '2026-11-03': { bookings: 1, revenue: 50_000 },
  '2026-11-10': { bookings: 1, revenue: 0 },
  '2026-11-21': { bookings: 1, revenue: 0 },
  '2026-11-22': { bookings: 2, revenue: 45_000 },
};

describe('admin and manager dashboard', () => {
  it('counts today, this week and this month, and the revenue of the month, in Riyadh time', async () => {
    const stats = await ok('GET', '/api/admin-dashboard-stats', admin);
    expect(stats).toMatchObject({
      asOf: '2026-11-22T09:00:00.000Z',
      today: '2026-11-22',
      bookingsToday: 2,
      bookingsThisWeek: 2,
      bookingsThisMonth: 6,
      revenueThisMonth: 20_000 + 25_000 + 50_000 + 10_000,
      currency: 'SAR',
      // The days of the same length just before: Saturday 21 Nov (b3); this week is one day so far
      // (Sunday), so again 21 Nov; this month's 22 days beside 10–31 Oct (b6, paid 30,000).
      previous: { bookingsToday: 1, bookingsThisWeek: 1, bookingsThisMonth: 1, revenueThisMonth: 30_000 },
    });
    expect((await ok('GET', '/api/dashboard/', admin)).previous).toEqual(stats.previous);
    const waiting = stats.waiting as Record<
      string,
      { count: number; items: { link: string }[]; link: string }
    >;
    expect(waiting.events!.count).toBe(1);
    expect(waiting.events!.items[0]!.link).toBe(`/event/details/${ev.e3}`);
    expect(waiting.advertisements!.count).toBe(1);
    expect(waiting.providers!.count).toBe(1); // the demo pending registration
    expect(waiting.providers!.link).toBe('/serviceprovider?status=0');
  });

  it('charts 30 days of bookings and revenue, revenue by category and the latest bookings', async () => {
    const d = await ok('GET', '/api/dashboard/', admin);
    const days = d.bookingsPerDay as { day: string; bookings: number; revenue: number }[];
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe('2026-10-24');
    expect(days[29]!.day).toBe('2026-11-22');
    for (const day of days)
      expect(day, day.day).toEqual({
        day: day.day,
        ...(expectedDays[day.day] ?? { bookings: 0, revenue: 0 }),
      });
    expect(d.revenueByCategory).toEqual([
      {
        categoryId: cat.weddings,
        name: { en: 'Weddings', ar: 'حفلات الزفاف' },
        revenue: 75_000,
        bookings: 2,
      },
      {
        categoryId: cat.concerts,
        name: { en: 'Concerts', ar: 'حفلات موسيقية' },
        revenue: 60_000,
        bookings: 3,
      },
    ]);
    const latest = d.latestBookings as { code: string }[];
    expect(latest.map((b) => b.code)).toEqual(
      ['b1', 'b2', 'b3', 'b8', 'b4', 'b5', 'b6', 'b7'].map((k) => codes[k]),
    );
    expect(d.bookingsToday).toBe(2);
  });

  it('is for admins and managers only', async () => {
    expect((await t.request('GET', '/api/dashboard/', { token: provider })).status).toBe(403);
    expect((await t.request('GET', '/api/admin-dashboard-stats', { token: provider })).status).toBe(403);
    expect((await t.request('GET', '/api/dashboard/')).status).toBe(401);
    const manager = await signInAs(t, 'manager');
    expect((await ok('GET', '/api/admin-dashboard-stats', manager)).bookingsThisMonth).toBe(6);
  });
});

describe('service provider dashboard', () => {
  it('shows its own upcoming events, bookings, revenue and items waiting', async () => {
    const d = await ok('GET', '/api/serviceproviderDashboard', provider);
    expect(d).toMatchObject({
      today: '2026-11-22',
      bookingsToday: 2,
      bookingsThisWeek: 2,
      bookingsThisMonth: 6,
      revenueThisMonth: 105_000,
      previous: { bookingsToday: 1, bookingsThisWeek: 1, bookingsThisMonth: 1, revenueThisMonth: 30_000 },
    });
    expect(
      (d.upcomingEvents as { id: number; soldTickets: number }[]).map((e) => [e.id, e.soldTickets]),
    ).toEqual([
      [ev.e1, 2 + 1 + 3],
      [ev.e2, 1 + 2 + 1],
      [ev.e3, 0],
    ]);
    const waiting = d.waiting as Record<string, { count: number }>;
    expect([waiting.events!.count, waiting.advertisements!.count]).toEqual([1, 1]);
    expect(
      (d.bookingsPerDay as { day: string; revenue: number }[]).find((x) => x.day === '2026-11-22')!.revenue,
    ).toBe(45_000);
  });

  it('another provider sees none of it; staff cannot open it', async () => {
    const d = await ok('GET', '/api/serviceproviderDashboard', other);
    expect(d).toMatchObject({
      bookingsToday: 0,
      bookingsThisMonth: 0,
      revenueThisMonth: 0,
      previous: { bookingsToday: 0, bookingsThisWeek: 0, bookingsThisMonth: 0, revenueThisMonth: 0 },
      upcomingEvents: [],
      latestBookings: [],
    });
    expect((await t.request('GET', '/api/serviceproviderDashboard', { token: admin })).status).toBe(403);
  });

  it('moves with the clock: the next day starts a new "today", the next month a new month', async () => {
    clock.set('2026-11-22T21:00:00Z'); // Riyadh midnight
    expect(await ok('GET', '/api/admin-dashboard-stats', admin)).toMatchObject({
      today: '2026-11-23',
      bookingsToday: 0,
      bookingsThisWeek: 2,
      bookingsThisMonth: 6,
      // Yesterday (b2, b1); the week's two days beside 20–21 Nov (b3); 23 days beside 9–31 Oct (b6).
      previous: { bookingsToday: 2, bookingsThisWeek: 1, bookingsThisMonth: 1, revenueThisMonth: 30_000 },
    });
    clock.set('2026-11-30T21:00:00Z');
    expect(await ok('GET', '/api/admin-dashboard-stats', admin)).toMatchObject({
      today: '2026-12-01',
      bookingsThisWeek: 0,
      bookingsThisMonth: 0,
      revenueThisMonth: 0,
    });
    clock.set('2026-11-22T09:00:00Z');
  });
});

type Compared = { current: number; previous: number };
type PeriodAnswer = {
  period: { name: string; from: string; to: string; days: number; previous: { from: string; to: string } };
  figures: { bookings: Compared; paidBookings: Compared; revenue: Compared };
  bookingsPerDay: { day: string; bookings: number; revenue: number }[];
  revenueByCategory: { categoryId: number; revenue: number; bookings: number }[];
};
const dashboard = async (query: string, token = admin) =>
  (await ok('GET', `/api/dashboard/?${query}`, token)) as unknown as PeriodAnswer;
const providerDashboard = async (query: string, token: string) =>
  (await ok('GET', `/api/serviceproviderDashboard?${query}`, token)) as unknown as PeriodAnswer;
const noFigures = { current: 0, previous: 0 };

describe('dashboards over a period', () => {
  it('names periods in platform days and compares each figure with the period of the same length before', async () => {
    // Today is Sunday 22 Nov (Riyadh). This month so far: 1–22 Nov; before it 22 days, 10–31 Oct.
    const month = await dashboard('period=month');
    expect(month.period).toEqual({
      name: 'month',
      from: '2026-11-01',
      to: '2026-11-22',
      days: 22,
      previous: { from: '2026-10-10', to: '2026-10-31' },
      timeZone: 'Asia/Riyadh',
    });
    // b5 (Riyadh 01:00 on 1 Nov) is this month's, b6 (23:00 on 31 Oct) the previous period's.
    expect(month.figures).toEqual({
      bookings: { current: 6, previous: 1 },
      paidBookings: { current: 4, previous: 1 },
      revenue: { current: 105_000, previous: 30_000 },
    });
    expect(month.bookingsPerDay).toHaveLength(22);
    expect(month.bookingsPerDay[0]).toEqual({ day: '2026-11-01', bookings: 1, revenue: 10_000 });
    expect(month.revenueByCategory.map((c) => [c.categoryId, c.revenue, c.bookings])).toEqual([
      [cat.weddings, 75_000, 2],
      [cat.concerts, 30_000, 2],
    ]);

    const lastMonth = await dashboard('period=lastMonth');
    expect([lastMonth.period.from, lastMonth.period.to, lastMonth.period.days]).toEqual([
      '2026-10-01',
      '2026-10-31',
      31,
    ]);
    expect(lastMonth.period.previous).toEqual({ from: '2026-08-31', to: '2026-09-30' });
    expect(lastMonth.figures.bookings).toEqual({ current: 2, previous: 0 });
    expect(lastMonth.figures.revenue).toEqual({ current: 25_000 + 30_000, previous: 0 });

    const today = await dashboard('period=today');
    expect([today.period.from, today.period.to, today.period.previous.from]).toEqual([
      '2026-11-22',
      '2026-11-22',
      '2026-11-21',
    ]);
    // b2 at 01:30 and b1 today; b3 at 23:00 the day before
    expect(today.figures.bookings).toEqual({ current: 2, previous: 1 });
    expect(today.bookingsPerDay).toEqual([{ day: '2026-11-22', bookings: 2, revenue: 45_000 }]);

    const week = await dashboard('period=7d');
    expect([week.period.from, week.period.previous.from, week.period.previous.to]).toEqual([
      '2026-11-16',
      '2026-11-09',
      '2026-11-15',
    ]);
    expect(week.figures.bookings).toEqual({ current: 3, previous: 1 });

    const year = await dashboard('period=year');
    expect([year.period.from, year.period.days, year.bookingsPerDay.length]).toEqual([
      '2026-01-01',
      326,
      326,
    ]);
    expect(year.figures.bookings.current).toBe(8);

    // No period: the last 30 days, as the dashboard always showed.
    const plain = await dashboard('');
    expect(plain.period.name).toBe('30d');
    expect(plain.bookingsPerDay.map((d) => d.day)).toEqual(
      (await dashboard('period=30d')).bookingsPerDay.map((d) => d.day),
    );
  });

  it('takes any range of platform days: its ends are whole Riyadh days', async () => {
    // 31 Oct alone: b6 at 23:00 Riyadh counts, b5 at 01:00 on 1 Nov does not.
    const day = await dashboard('from=2026-10-31&to=2026-10-31');
    expect(day.period).toMatchObject({
      name: 'custom',
      days: 1,
      previous: { from: '2026-10-30', to: '2026-10-30' },
    });
    expect(day.figures.bookings).toEqual({ current: 1, previous: 0 });
    expect(day.figures.revenue.current).toBe(30_000);
    const two = await dashboard('from=2026-11-21&to=2026-11-22');
    expect(two.figures.bookings.current).toBe(3);
    expect(two.bookingsPerDay.map((d) => d.bookings)).toEqual([1, 2]);
    // Three years of days are allowed; a day more is not.
    expect((await dashboard('from=2023-11-23&to=2026-11-22')).period.days).toBe(1096);
  });

  it('refuses a bad period with field errors (422), never a 500', async () => {
    const bad = async (query: string, field: string) => {
      const res = await t.request('GET', `/api/dashboard/?${query}`, { token: admin });
      expect(res.status, `${query}: ${res.text}`).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), query).toContain(field);
    };
    await bad('from=2026-11-22&to=2026-11-01', 'to');
    await bad('from=2026-02-30&to=2026-03-01', 'from');
    await bad('from=2026-11-01', 'to');
    await bad('to=2026-11-01', 'from');
    await bad('period=decade', 'period');
    await bad('period=month&from=2026-11-01&to=2026-11-02', 'period');
    await bad('from=2023-11-22&to=2026-11-22', 'from');
  });

  it("a provider's period covers its own bookings only", async () => {
    const mine = await providerDashboard('period=month', provider);
    expect(mine.figures).toEqual({
      bookings: { current: 6, previous: 1 },
      paidBookings: { current: 4, previous: 1 },
      revenue: { current: 105_000, previous: 30_000 },
    });
    expect(mine.bookingsPerDay).toHaveLength(22);
    const theirs = await providerDashboard('from=2026-10-01&to=2026-11-22', other);
    expect(theirs.figures).toEqual({ bookings: noFigures, paidBookings: noFigures, revenue: noFigures });
    const res = await t.request('GET', '/api/serviceproviderDashboard?from=2026-11-02&to=2026-11-01', {
      token: provider,
    });
    expect(res.status).toBe(422);
  });
});

describe("an event's dashboard", () => {
  it('draws its sales per day, seats against capacity and revenue by payment state', async () => {
    const d = await ok('GET', `/api/event/${ev.e1}/dashboard`, provider);
    expect(d).toMatchObject({ eventId: ev.e1, capacity: 100, seatsTaken: 2 + 1 + 3, currency: 'SAR' });
    const days = d.salesPerDay as { day: string; bookings: number; tickets: number; revenue: number }[];
    // From its first sale (b6, 31 Oct in Riyadh) to its last (b1, 22 Nov): 23 days.
    expect(days).toHaveLength(23);
    expect(days[0]).toEqual({ day: '2026-10-31', bookings: 1, tickets: 3, revenue: 30_000 });
    expect(days[1]).toEqual({ day: '2026-11-01', bookings: 1, tickets: 1, revenue: 10_000 });
    expect(days[22]).toEqual({ day: '2026-11-22', bookings: 1, tickets: 2, revenue: 20_000 });
    expect(d.byPayment).toEqual([
      { paymentStatus: 'paid', bookings: 3, tickets: 6, total: 60_000 },
      { paymentStatus: 'pending', bookings: 1, tickets: 1, total: 10_000 },
      { paymentStatus: 'refunded', bookings: 1, tickets: 1, total: 10_000 },
    ]);
    expect(d.admissions).toEqual({ admitted: 0, lastAt: null, perHour: [] });
    expect(d.onTheDay).toBe(false);
  });

  it('is for whoever may open the event: another provider gets 404', async () => {
    expect((await t.request('GET', `/api/event/${ev.e1}/dashboard`, { token: other })).status).toBe(404);
    expect((await ok('GET', `/api/event/${ev.e2}/dashboard`, admin)).seatsTaken).toBe(1 + 2 + 1);
    expect((await t.request('GET', '/api/event/999999/dashboard', { token: admin })).status).toBe(404);
  });

  it('counts the guests admitted at its door on the day, per hour', async () => {
    clock.set('2026-12-20T16:20:00Z'); // the event runs (Riyadh 19:20)
    const admit = (name: string, count: number, at: string) =>
      ok('POST', '/api/booking/admit', admin, {
        bookingId: ids[name],
        eventId: ev.e1,
        count,
        deviceId: 'dashboard-test-device',
        deviceName: 'Gate 1',
        at,
      });
    expect((await admit('b6', 2, '2026-12-20T15:50:00Z')).verdict).toBe('admitted');
    expect((await admit('b1', 2, '2026-12-20T16:10:00Z')).verdict).toBe('admitted');
    const d = await ok('GET', `/api/event/${ev.e1}/dashboard`, provider);
    expect(d.onTheDay).toBe(true);
    expect(d.admissions).toEqual({
      admitted: 4,
      lastAt: '2026-12-20T16:10:00.000Z',
      perHour: [
        { hour: '2026-12-20T15:00:00.000Z', guests: 2 },
        { hour: '2026-12-20T16:00:00.000Z', guests: 2 },
      ],
    });
    clock.set('2026-11-22T09:00:00Z');
  });
});
