/**
 * Events, advertisements, static pages and the header search beyond the generic suite: the event
 * status machine (submit, approve / reject by admins only, cancel with its bookings, complete
 * after the end), featured, specialists, images, details; ownership between providers (404 by id
 * and absent from lists); advertisement approval on both paths, computed expiry, target rules;
 * page sanitising and public pages; search scoped to what the caller may see.
 */
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../server/seed/demo-data';
import { advertisements, cities, events, users } from '../../server/db/schema';
import { eventResource } from '../../src/contract/areas/event';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';
import { bodyOf } from '../support/bodies';

type Rec = Record<string, unknown> & { id: number; version: number };
let t: TestServer;
let admin: string;
let manager: string;
let providerA: string;
let providerB: string;
let idA: number;
let idB: number;
let template: Rec;
let n = 0;

const call = apiOf(() => t);

const upload = async (path: string, token: string, bytes: Uint8Array, name = 'a.png', type = 'image/png') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return t.request('POST', path, { token, body: form });
};

/** A new draft event (as `token`; staff name the provider). */
const draft = async (token: string, extra: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/event', token, {
    title: { en: `Lifecycle ${++n}`, ar: `دورة حياة ${n}` },
    description: { en: 'Test', ar: 'اختبار' },
    categoryId: template.categoryId,
    countryId: template.countryId,
    cityId: template.cityId,
    locationId: template.locationId,
    startsAt: '2027-03-01T16:00:00Z',
    endsAt: '2027-03-01T20:00:00Z',
    price: 10_000,
    capacity: 50,
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as Rec;
};
const move = (id: number, status: string, token: string, reason: string | null = null) =>
  call('POST', '/api/event/update-status', token, { id, status, reason });

/** Event `e`'s fields as a create takes them (the contract's body). */
const fieldsOf = (e: Record<string, unknown>) => bodyOf(eventResource.createBody.shape, e);

/** An edit of event `e` as it is (its fields and its version). */
const editOf = (e: Record<string, unknown>) => ({ ...fieldsOf(e), version: e.version });

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  manager = await signInAs(t, 'manager');
  providerA = await signInAs(t, 'provider');
  idA = (await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email)))[0]!.id;
  const all = await t.db.db.select().from(events);
  idB = all.find((e) => e.providerId !== idA && e.status === 'approved')!.providerId;
  const [b] = await t.db.db.select().from(users).where(eq(users.id, idB));
  providerB = await t.login(b!.email, DEMO_PASSWORD);
  template = (await call('GET', `/api/event?providerId=${idA}&pageSize=10`, admin)).body.data.items[0];
});
afterAll(() => t?.close());

describe('event status machine', () => {
  it('a provider creates (for itself) and submits; only an admin approves; the moves follow the table', async () => {
    const e = await draft(providerA);
    expect(e).toMatchObject({
      status: 'draft',
      providerId: idA,
      featured: false,
      soldTickets: 0,
      currency: 'SAR',
    });
    const forOther = await call('POST', '/api/event', providerA, { ...e, providerId: idB });
    expect(forOther.status).toBe(422);

    expect((await move(e.id, 'approved', providerA)).status).toBe(409); // draft → approved is no move
    const submitted = await move(e.id, 'pending', providerA);
    expect(submitted.body.data.status).toBe('pending');
    const self = await move(e.id, 'approved', providerA);
    expect([self.status, self.body.message]).toEqual([403, 'Only an administrator can approve or reject.']);
    expect(
      (await call('POST', '/api/event/approve', providerA, { id: e.id, status: 'approved' })).status,
    ).toBe(403);
    expect((await call('POST', '/api/event/approve', manager, { id: e.id, status: 'approved' })).status).toBe(
      403,
    );
    const noReason = await call(
      'POST',
      '/api/event/approve',
      admin,
      { id: e.id, status: 'rejected' },
      { lang: 'ar' },
    );
    expect([noReason.status, noReason.body.errors.reason]).toEqual([422, 'يرجى ذكر سبب الرفض.']);
    const rejected = await call('POST', '/api/event/approve', admin, {
      id: e.id,
      status: 'rejected',
      reason: 'Add the venue permit.',
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', statusReason: 'Add the venue permit.' });
    expect((await move(e.id, 'pending', providerA)).body.data.status).toBe('pending');
    const approved = await call('POST', '/api/event/approve', admin, { id: e.id, status: 'approved' });
    expect(approved.body).toMatchObject({
      message: 'The event is approved.',
      data: { status: 'approved', statusReason: null },
    });
    const same = await move(e.id, 'approved', admin);
    expect([same.status, same.body.message]).toEqual([200, 'Nothing to change.']);
    expect((await move(e.id, 'draft', admin)).status).toBe(409);
    const early = await move(e.id, 'completed', providerA);
    expect([early.status, early.body.message]).toEqual([
      409,
      'An event can be completed only after it has ended.',
    ]);

    const details = await call('GET', `/api/event/get-details/${e.id}`, providerA);
    expect(details.body.data.allowedTransitions).toEqual(['cancelled']);
    expect(
      (details.body.data.history as { fromStatus: string | null; toStatus: string }[])
        .map((h) => `${h.fromStatus}>${h.toStatus}`)
        .reverse(),
    ).toEqual(['null>draft', 'draft>pending', 'pending>rejected', 'rejected>pending', 'pending>approved']);
    expect((await call('GET', `/api/event/get-details/${e.id}`, admin)).body.data.allowedTransitions).toEqual(
      ['cancelled'],
    );
  });

  it('cancelling needs a reason and cancels the pending and confirmed bookings; then nothing can change', async () => {
    const e = await draft(admin, { providerId: idA });
    await move(e.id, 'pending', admin);
    await call('POST', '/api/event/approve', admin, { id: e.id, status: 'approved' });
    const book = async () =>
      (
        await call('POST', '/api/booking', admin, {
          eventId: e.id,
          customerName: 'Cancel Me',
          customerEmail: 'cancel.me@test.example.com',
          customerPhone: '+966500000321',
          tickets: 2,
        })
      ).body.data as Rec;
    const [b1, b2] = [await book(), await book()];
    await call('POST', '/api/booking/update-status', admin, { id: b2.id, status: 'confirmed' });
    expect((await move(e.id, 'cancelled', providerA)).status).toBe(422);
    const cancelled = await move(e.id, 'cancelled', providerA, 'Venue flooded.');
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      statusReason: 'Venue flooded.',
      soldTickets: 0,
    });
    for (const b of [b1, b2]) {
      const d = (await call('GET', `/api/booking/details/${b.id}`, admin)).body.data;
      expect(d.booking.status).toBe('cancelled');
      expect(d.history[0]).toMatchObject({ field: 'status', to: 'cancelled', note: 'Venue flooded.' });
    }
    expect((await move(e.id, 'approved', admin)).status).toBe(409);
    const edit = await call('PUT', `/api/event/${e.id}`, admin, editOf(cancelled.body.data));
    expect([edit.status, edit.body.message]).toEqual([
      409,
      'A cancelled or completed event cannot be edited.',
    ]);
  });

  it('completes once ended (clock moved), features approved events only (admins)', async () => {
    const e = await draft(admin, { providerId: idA });
    expect(
      (await call('POST', '/api/event/update-featured', admin, { id: e.id, featured: true })).status,
    ).toBe(409);
    await move(e.id, 'pending', admin);
    await call('POST', '/api/event/approve', admin, { id: e.id, status: 'approved' });
    expect(
      (await call('POST', '/api/event/update-featured', providerA, { id: e.id, featured: true })).status,
    ).toBe(403);
    const featured = await call('POST', '/api/event/update-featured', admin, { id: e.id, featured: true });
    expect(featured.body.data.featured).toBe(true);
    expect(
      (
        await call(
          'GET',
          `/api/event?featured=true&q=${encodeURIComponent(String((e.title as { en: string }).en))}`,
          admin,
        )
      ).body.data.total,
    ).toBe(1);
    const now = t.clock.now();
    t.clock.set('2027-03-02T00:00:00Z');
    try {
      // (sessions expire after 7 idle days: sign in again at the new time)
      const later = await signInAs(t, 'provider');
      const done = await move(e.id, 'completed', later);
      expect(done.body.data).toMatchObject({ status: 'completed', featured: false });
    } finally {
      t.clock.set(now);
    }
  });

  it('checks the fields: end after start, location in city, cover among images, uploaded images only', async () => {
    const base = await draft(admin, { providerId: idA });
    const body = (extra: Record<string, unknown>) => ({ ...fieldsOf(base), ...extra });
    const bad = await call('POST', '/api/event', admin, body({ endsAt: base.startsAt, price: -1 }));
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['price']]);
    const order = await call('POST', '/api/event', admin, body({ endsAt: base.startsAt }), { lang: 'ar' });
    expect(order.body.errors).toEqual({ endsAt: 'يجب أن تكون النهاية بعد البداية' });
    const [elsewhere] = await t.db.db.select().from(events).where(eq(events.status, 'completed'));
    if (elsewhere!.cityId !== base.cityId) {
      const loc = await call('POST', '/api/event', admin, body({ locationId: elsewhere!.locationId }));
      expect(loc.body.errors).toEqual({ locationId: 'This location is not in the chosen city.' });
    }
    const missing = await call(
      'POST',
      '/api/event',
      admin,
      body({ images: ['uploads/event-images/abcdefghijkl.png'] }),
    );
    expect(missing.body.errors).toEqual({ images: 'The image was not found. Please upload it again.' });

    const up = await upload('/api/event/image', providerA, demoPng());
    expect(up.status).toBe(201);
    expect(up.body.data.path).toMatch(/^uploads\/event-images\/[A-Za-z0-9_-]+\.png$/);
    const html = await upload(
      '/api/event/image',
      providerA,
      new TextEncoder().encode('<html><script>x</script>'),
      'x.png',
    );
    expect(html.status).toBe(422);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(demoPng());
    expect((await upload('/api/event/image', providerA, big)).status).toBe(413);
    const notCover = await call(
      'POST',
      '/api/event',
      admin,
      body({ images: [up.body.data.path], coverImage: 'uploads/event-images/otherimage1.png' }),
    );
    expect(notCover.body.errors).toEqual({ coverImage: 'The cover must be one of the event’s images' });
    const withImage = await call('POST', '/api/event', admin, body({ images: [up.body.data.path] }));
    expect(withImage.body.data).toMatchObject({ images: [up.body.data.path], coverImage: up.body.data.path });
    const gallery = (await call('GET', `/api/event/get-details/${withImage.body.data.id}`, admin)).body.data
      .gallery;
    expect(gallery).toEqual([{ path: up.body.data.path, cover: true }]);
  });

  it('an edit naming what does not fit is refused field by field, in one answer, and changes nothing', async () => {
    const e = await draft(admin, { providerId: idB });
    const [elsewhere] = await t.db.db
      .select()
      .from(cities)
      .where(ne(cities.countryId, e.countryId as number));
    const [ofA] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'manager'), eq(users.providerId, idA)));
    const res = await call('PUT', `/api/event/${e.id}`, admin, {
      ...editOf(e),
      categoryId: 999_999,
      cityId: elsewhere!.id,
      supervisorIds: [ofA!.id],
    });
    expect([res.status, res.body.errors]).toEqual([
      422,
      {
        categoryId: 'Choose an existing category.',
        cityId: 'This city is not in the chosen country.',
        locationId: 'This location is not in the chosen city.',
        supervisorIds: 'Choose supervisors of the event’s service provider.',
      },
    ]);
    const after = (await call('GET', `/api/event/${e.id}`, admin)).body.data as Rec;
    expect([after.version, after.categoryId, after.cityId, after.supervisorIds]).toEqual([
      e.version,
      e.categoryId,
      e.cityId,
      [],
    ]);
    // The same edit, fixed, is saved (a raised capacity needs no count of the seats sold).
    const fixed = await call('PUT', `/api/event/${e.id}`, admin, {
      ...editOf(e),
      capacity: (e.capacity as number) + 10,
    });
    expect([fixed.status, fixed.body.data?.capacity, fixed.body.data?.version]).toEqual([
      200,
      (e.capacity as number) + 10,
      e.version + 1,
    ]);
  });

  it('manages specialists (add, update, remove) on own events only', async () => {
    const e = await draft(providerA);
    const add = await call('POST', '/api/event/specialist', providerA, {
      action: 'add',
      eventId: e.id,
      name: { en: 'Dana', ar: 'دانة' },
      role: { en: 'Host', ar: 'مقدمة' },
    });
    expect(add.status, add.text).toBe(200);
    const [s] = add.body.data as Rec[];
    expect(s).toMatchObject({ eventId: e.id, name: { en: 'Dana', ar: 'دانة' }, photo: null, sortOrder: 0 });
    const upd = await call('POST', '/api/event/specialist', providerA, {
      action: 'update',
      id: s!.id,
      name: { en: 'Dana H.', ar: 'دانة ح.' },
      role: { en: 'Host', ar: 'مقدمة' },
    });
    expect(upd.body.data[0].name.en).toBe('Dana H.');
    expect(
      (await call('POST', '/api/event/specialist', providerB, { action: 'remove', id: s!.id })).status,
    ).toBe(404);
    expect(
      (
        await call('POST', '/api/event/specialist', providerB, {
          action: 'add',
          eventId: e.id,
          name: { en: 'X', ar: 'س' },
          role: { en: 'X', ar: 'س' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', '/api/event/specialist', providerA, { action: 'remove', id: s!.id })).body.data,
    ).toEqual([]);
  });
});

describe('masters used by events', () => {
  it('a location or category still used by events cannot be deleted (409, clear message)', async () => {
    const res = await call('POST', '/api/master/deletelist', admin, {
      type: 'location',
      id: template.locationId,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^This record is still used by \d+ events\.$/);
    expect((await call('GET', `/api/event/${template.id}`, admin)).body.data.locationId).toBe(
      template.locationId,
    );
  });
});

describe('ownership', () => {
  it('provider A gets 404 for every event and advertisement of provider B, by id and in lists', async () => {
    const eB = await draft(providerB);
    for (const [method, path, body] of [
      ['GET', `/api/event/${eB.id}`, undefined],
      ['GET', `/api/event/get-details/${eB.id}`, undefined],
      ['DELETE', `/api/event/${eB.id}`, undefined],
      ['POST', '/api/event/update-status', { id: eB.id, status: 'pending' }],
    ] as const)
      expect((await call(method, path, providerA, body)).status, `${method} ${path}`).toBe(404);
    const mine = await call('GET', '/api/event?pageSize=100', providerA);
    for (const e of mine.body.data.items) expect(e.providerId).toBe(idA);
    expect((await call('GET', `/api/event?providerId=${idB}`, providerA)).body.data.total).toBe(0);
    const picker = await call('GET', '/api/event/get-all-event', providerA);
    expect((picker.body.data as Rec[]).some((o) => o.id === eB.id)).toBe(false);
    expect((picker.body.data as Rec[]).length).toBe(mine.body.data.total);
    // One option by id (a filter's value from a shared link): another provider's is not answered.
    expect((await call('GET', `/api/event/get-all-event?id=${eB.id}`, providerA)).body.data).toEqual([]);
    const own = await call('GET', `/api/event/get-all-event?id=${eB.id}&pageSize=100`, providerB);
    expect((own.body.data as Rec[]).map((o) => o.id)).toEqual([eB.id]);
    for (const bad of ['abc', '0', '-1', '1.5'])
      expect((await call('GET', `/api/event/get-all-event?id=${bad}`, providerB)).status, bad).toBe(422);

    const [adB] = await t.db.db.select().from(advertisements).where(eq(advertisements.providerId, idB));
    if (adB) {
      expect((await call('GET', `/api/advertisement/${adB.id}`, providerA)).status).toBe(404);
      expect((await call('DELETE', `/api/advertisement/${adB.id}`, providerA)).status).toBe(404);
    }
    const ads = await call('GET', '/api/advertisement?pageSize=100', providerA);
    for (const a of ads.body.data.items) expect(a.providerId).toBe(idA);
    expect((await call('GET', `/api/event/${eB.id}`, providerB)).status).toBe(200);
  });
});

describe('advertisements', () => {
  let image: string;
  const adBody = (extra: Record<string, unknown> = {}) => ({
    title: { en: `Ad ${++n}`, ar: `إعلان ${n}` },
    image,
    targetType: 'url',
    url: 'https://www.example.com/promo',
    placement: 'event_list',
    startsOn: '2026-11-20',
    endsOn: '2026-12-05',
    ...extra,
  });
  beforeAll(async () => {
    image = (await upload('/api/advertisement/image', providerA, demoPng())).body.data.path;
  });

  it('approval: admins only, on both paths, rejecting needs a reason; a provider’s edit asks again', async () => {
    const created = await call('POST', '/api/advertisement', providerA, adBody());
    expect(created.body.data).toMatchObject({ status: 'pending', providerId: idA });
    const id = created.body.data.id as number;
    expect((await call('POST', '/api/adsApprove', providerA, { id, status: 'approved' })).status).toBe(403);
    expect(
      (await call('POST', '/api/advertisement/adsApprove', admin, { id, status: 'rejected' })).status,
    ).toBe(422);
    const rejected = await call('POST', '/api/advertisement/adsApprove', admin, {
      id,
      status: 'rejected',
      reason: 'Too much text.',
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', statusReason: 'Too much text.' });
    const approved = await call('POST', '/api/adsApprove', admin, { id, status: 'approved' });
    expect(approved.body).toMatchObject({
      message: 'The advertisement is approved.',
      data: { status: 'approved' },
    });
    const picker = await call('GET', '/api/advertisement-get-all', providerA);
    expect((picker.body.data as Rec[]).map((o) => o.id)).toContain(id);
    const rec = approved.body.data as Rec;
    const edited = await call('PUT', `/api/advertisement/${id}`, providerA, {
      ...adBody({ title: rec.title, placement: 'home_banner' }),
      version: rec.version,
    });
    expect(edited.body.data).toMatchObject({ status: 'pending', placement: 'home_banner' });
  });

  it('targets: an event of the ad’s provider, or an https address — not both', async () => {
    const [eventB] = await t.db.db.select().from(events).where(eq(events.providerId, idB));
    const [eventA] = await t.db.db.select().from(events).where(eq(events.providerId, idA));
    const foreign = await call(
      'POST',
      '/api/advertisement',
      providerA,
      adBody({ targetType: 'event', url: null, eventId: eventB!.id }),
    );
    expect(foreign.body.errors).toEqual({ eventId: 'Choose an existing event.' });
    const mixed = await call(
      'POST',
      '/api/advertisement',
      providerA,
      adBody({ targetType: 'event', eventId: eventA!.id }),
    );
    expect(mixed.body.errors).toEqual({
      url: 'Leave this empty: the advertisement leads to the other target.',
    });
    const insecure = await call(
      'POST',
      '/api/advertisement',
      providerA,
      adBody({ url: 'javascript:alert(1)' }),
    );
    expect(Object.keys(insecure.body.errors)).toEqual(['url']);
    const staffMismatch = await call(
      'POST',
      '/api/advertisement',
      admin,
      adBody({ targetType: 'event', url: null, eventId: eventB!.id, providerId: idA }),
    );
    expect(staffMismatch.body.errors).toEqual({
      eventId: 'The event must belong to the advertisement’s service provider.',
    });
    const dates = await call(
      'POST',
      '/api/advertisement',
      admin,
      adBody({ startsOn: '2026-12-05', endsOn: '2026-12-01' }),
    );
    expect(Object.keys(dates.body.errors)).toEqual(['endsOn']);
    const ok = await call(
      'POST',
      '/api/advertisement',
      providerA,
      adBody({ targetType: 'event', url: null, eventId: eventA!.id }),
    );
    expect(ok.body.data).toMatchObject({
      targetType: 'event',
      eventId: eventA!.id,
      eventTitle: eventA!.title,
    });
  });

  it('expires when its end date passes (platform day): status, filters and approval follow', async () => {
    const created = await call('POST', '/api/advertisement', admin, adBody({ endsOn: '2026-11-25' }));
    const id = created.body.data.id as number;
    await call('POST', '/api/adsApprove', admin, { id, status: 'approved' });
    const now = t.clock.now();
    t.clock.set('2026-11-25T20:59:00Z'); // 23:59 in Riyadh on the 25th
    try {
      expect((await call('GET', `/api/advertisement/${id}`, admin)).body.data.status).toBe('approved');
      t.clock.set('2026-11-25T21:00:00Z'); // midnight in Riyadh
      expect((await call('GET', `/api/advertisement/${id}`, admin)).body.data.status).toBe('expired');
      const expired = await call('GET', `/api/advertisement?status=expired&pageSize=100`, admin);
      expect((expired.body.data.items as Rec[]).map((a) => a.id)).toContain(id);
      const approvedList = await call('GET', `/api/advertisement?status=approved&pageSize=100`, admin);
      expect((approvedList.body.data.items as Rec[]).map((a) => a.id)).not.toContain(id);
      const late = await call('POST', '/api/adsApprove', admin, { id, status: 'rejected', reason: 'Late.' });
      expect([late.status, late.body.message]).toEqual([409, 'This advertisement has expired.']);
    } finally {
      t.clock.set(now);
    }
  });
});

describe('static pages', () => {
  it('sanitises rich text on the server: scripts, event attributes and javascript: links are gone', async () => {
    const res = await call('POST', '/api/pages', admin, {
      slug: `unsafe-${++n}`,
      title: { en: 'Unsafe', ar: 'غير آمن' },
      content: {
        en: '<p onclick="steal()">Hello <strong>there</strong><script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://ok.example" target="_blank" style="color:red">ok</a><style>p{}</style><iframe src="https://evil.example"></iframe><h2>Title</h2>',
        ar: '<p>مرحبًا <a href="mailto:a@b.example">راسلنا</a></p><svg onload="alert(4)"></svg>',
      },
      status: 'published',
    });
    expect(res.status, res.text).toBe(201);
    const { en, ar } = res.body.data.content as { en: string; ar: string };
    expect(en).toBe(
      '<p>Hello <strong>there</strong></p><a rel="noopener noreferrer">x</a><a href="https://ok.example" rel="noopener noreferrer">ok</a><h2>Title</h2>',
    );
    expect(ar).toBe('<p>مرحبًا <a href="mailto:a@b.example" rel="noopener noreferrer">راسلنا</a></p>');
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', '<style', '<iframe', '<svg', 'onload'])
      expect(en + ar).not.toContain(bad);
  });

  it('publishes pages publicly; the required pages stay; social links must be https', async () => {
    const pub = await t.request('GET', '/api/master/pages');
    expect(pub.status).toBe(200);
    const slugs = (pub.body.data as { slug: string }[]).map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(['privacy-policy', 'social-links', 'terms', 'about']));
    expect(slugs).not.toContain('faq'); // a draft
    expect((await t.request('GET', '/api/master/pages?slug=faq')).status).toBe(404);
    const social = (await t.request('GET', '/api/master/pages?slug=social-links')).body.data[0];
    expect(social.links[0]).toEqual({
      name: { en: 'Instagram', ar: 'إنستغرام' },
      url: 'https://www.instagram.com/example',
    });

    const page = (await call('GET', '/api/pages?slug=social-links', admin)).body.data.items[0] as Rec;
    expect(page.required).toBe(true);
    const httpLink = await call('PUT', `/api/pages/${page.id}`, admin, {
      slug: page.slug,
      title: page.title,
      content: page.content,
      links: [{ name: { en: 'Site', ar: 'الموقع' }, url: 'http://insecure.example' }],
      status: 'published',
      version: page.version,
    });
    expect([httpLink.status, Object.keys(httpLink.body.errors)]).toEqual([422, ['links.0.url']]);
    const rename = await call('PUT', `/api/pages/${page.id}`, admin, {
      slug: 'socials',
      title: page.title,
      content: page.content,
      links: page.links,
      status: 'published',
      version: page.version,
    });
    expect(rename.status).toBe(409);
    expect((await call('DELETE', `/api/pages/${page.id}`, admin)).status).toBe(409);
    const dup = await call('POST', '/api/pages', admin, { slug: 'terms', title: { en: 'T', ar: 'ت' } });
    expect([dup.status, dup.body.errors]).toEqual([409, { slug: 'Another page already uses this address.' }]);
    expect((await call('GET', '/api/pages', manager)).status).toBe(403);
    expect((await call('GET', '/api/pages', providerA)).status).toBe(403);
  });
});

describe('header search', () => {
  it('finds bookings by code and customer, events, providers and users — only what the caller may see', async () => {
    const someBooking = (await call('GET', `/api/booking?providerId=${idB}`, admin)).body.data
      .items[0] as Rec;
    const own = (await call('GET', '/api/booking', providerA)).body.data.items[0] as Rec;

    const byCode = await call('GET', `/api/search?q=${someBooking.code}`, admin);
    expect(byCode.status).toBe(200);
    expect(byCode.body.data.bookings.map((b: Rec) => b.id)).toContain(someBooking.id);
    expect(Object.keys(byCode.body.data).sort()).toEqual(['bookings', 'events', 'providers', 'users']);

    const provider = await call('GET', `/api/search?q=${someBooking.code}`, providerA);
    expect(Object.keys(provider.body.data).sort()).toEqual(['bookings', 'events']);
    expect(provider.body.data.bookings).toEqual([]);
    const ownHit = await call('GET', `/api/search?q=${encodeURIComponent(String(own.code))}`, providerA);
    expect(ownHit.body.data.bookings.map((b: Rec) => b.id)).toEqual([own.id]);

    const customer = await call(
      'GET',
      `/api/search?q=${encodeURIComponent(String(own.customerName).split(' ')[0]!)}&limit=3`,
      admin,
    );
    expect(customer.body.data.bookings.length).toBeLessThanOrEqual(3);
    expect(customer.body.data.bookings.length).toBeGreaterThan(0);

    const events = await call('GET', '/api/search?q=Summit', providerA);
    for (const e of events.body.data.events as Rec[])
      expect((await call('GET', `/api/event/${e.id}`, providerA)).status).toBe(200);
    const adminEvents = await call('GET', '/api/search?q=Summit&limit=10', admin);
    expect(adminEvents.body.data.events.length).toBeGreaterThan(events.body.data.events.length);

    const people = await call('GET', '/api/search?q=example.com', manager);
    expect(Object.keys(people.body.data).sort()).toEqual(['bookings', 'events']);
    const staff = await call('GET', '/api/search?q=Layla', admin);
    expect(staff.body.data.users.map((u: Rec) => u.email)).toContain(DEMO.admin.email);
    const arabic = await call('GET', `/api/search?q=${encodeURIComponent('ناصر')}`, admin);
    expect(arabic.body.data.providers.map((p: Rec) => p.id)).toContain(idA);

    const short = await call('GET', '/api/search?q=a', admin, undefined, { lang: 'ar' });
    expect([short.status, short.body.errors.q]).toEqual([422, 'اكتب ٢ أحرف على الأقل']);
    expect((await t.request('GET', '/api/search?q=abc')).status).toBe(401);
  });
});
