/**
 * Area rules beyond the generic suite: provider approval (registration → pending → approve → sign
 * in), ownership between providers, documents (sniffing, limits, private download), account rules
 * (last admin, roles, own status, blocking signs out), the country → city → location cascade,
 * dropdown data, permission by discriminator on the shared master paths, category icons and
 * supervisor (de)activation.
 */
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../src/contract/limits';
import { providerDocuments, rolePermissions, users } from '../../server/db/schema';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { acceptInvitation, PNG, signInAs } from '../support/kit';

let t: TestServer;
let admin: string;
let manager: string;
let providerA: string;
let providerB: string;
let idA: number;
let idB: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const form = (bytes: Uint8Array, name: string, type: string) => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
};

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  manager = await signInAs(t, 'manager');
  providerA = await signInAs(t, 'provider');
  const [a] = await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
  idA = a!.id;
  // provider B: an approved seeded provider that has supervisors and documents
  const sups = (await t.request('GET', '/api/event-manager/get-all?pageSize=100', { token: admin })).body.data
    .items as {
    providerId: number;
  }[];
  const docs = await t.db.db.select().from(providerDocuments);
  const withDocs = new Set(docs.map((d) => d.providerId));
  idB = sups.map((s) => s.providerId).find((p) => p !== idA && withDocs.has(p))!;
  const [b] = await t.db.db.select().from(users).where(eq(users.id, idB));
  providerB = await t.login(b!.email, DEMO_PASSWORD);
});
afterAll(() => t?.close());

describe('provider approval', () => {
  it('a self-registered provider is pending, cannot sign in, needs a reason to be rejected, and signs in once approved', async () => {
    const email = 'new.provider@example.net';
    expect((await t.request('POST', '/api/sendEmailOTP', { body: { email } })).status).toBe(200);
    const otp = t.smtp.lastOtpFor(email)!;
    expect((await t.request('POST', '/api/verifyEmailOTP', { body: { email, otp } })).status).toBe(200);
    const reg = await t.request('POST', '/api/register', {
      body: {
        name: 'Mona Fares',
        phone: '+966501112223',
        email,
        password: 'Mona-Pass-2026!',
        otp,
        role: 'serviceprovider',
        status: '0',
      },
    });
    expect(reg.status).toBe(201);
    const id = reg.body.data.id as number;

    const pending = await t.request('GET', `/api/serviceprovider?status=0&q=${encodeURIComponent(email)}`, {
      token: admin,
    });
    expect(pending.body.data.items).toEqual([
      expect.objectContaining({ id, status: '0', businessName: { en: 'Mona Fares', ar: 'Mona Fares' } }),
    ]);
    const refused = await t.request('POST', '/api/login', { body: { email, password: 'Mona-Pass-2026!' } });
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'Your account is waiting for approval by an administrator.',
    ]);

    const noReason = await t.request('POST', '/api/serviceprovider/approve', {
      token: admin,
      body: { id, status: '2' },
      lang: 'ar',
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toBe('يرجى ذكر سبب الرفض.');
    const rejected = await t.request('POST', '/api/serviceprovider/approve', {
      token: admin,
      body: { id, status: '2', reason: 'Missing trade licence' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: '2', rejectionReason: 'Missing trade licence' });
    expect(
      (await t.request('POST', '/api/login', { body: { email, password: 'Mona-Pass-2026!' } })).status,
    ).toBe(403);

    const approved = await t.request('POST', '/api/serviceprovider/approve', {
      token: admin,
      body: { id, status: '1' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: '1', rejectionReason: null });
    const token = await t.login(email, 'Mona-Pass-2026!');
    expect((await t.request('GET', '/api/master/role', { token })).body.data).toBe('serviceprovider');

    const details = await t.request('GET', `/api/service-provider-details?id=${id}`, { token: admin });
    expect(details.body.data.history).toEqual([
      expect.objectContaining({
        fromStatus: '2',
        toStatus: '1',
        reason: null,
        by: expect.objectContaining({ name: { en: 'Layla Haddad', ar: 'ليلى حداد' } }),
      }),
      expect.objectContaining({ fromStatus: '0', toStatus: '2', reason: 'Missing trade licence' }),
    ]);
    // the provider sees itself, and approving is staff-only
    expect((await t.request('GET', `/api/service-provider-details?id=${id}`, { token })).status).toBe(200);
    expect(
      (await t.request('POST', '/api/serviceprovider/approve', { token, body: { id, status: '1' } })).status,
    ).toBe(403);
    expect(
      (await t.request('POST', '/api/serviceprovider/approve', { token: manager, body: { id, status: '1' } }))
        .status,
    ).toBe(403);
  });
});

describe('ownership between providers', () => {
  it('provider A gets 404 for provider B by id and sees only itself in lists', async () => {
    for (const [method, path] of [
      ['GET', `/api/serviceprovider/${idB}`],
      ['GET', `/api/service-provider-details?id=${idB}`],
    ] as const)
      expect((await t.request(method, path, { token: providerA })).status, path).toBe(404);
    const b = (await t.request('GET', `/api/serviceprovider/${idB}`, { token: admin })).body.data;
    const put = await t.request('PUT', `/api/serviceprovider/${idB}`, {
      token: providerA,
      body: {
        name: b.name,
        email: b.email,
        phone: b.phone,
        businessName: { en: 'Hijack', ar: 'اختطاف' },
        description: b.description,
        categoryId: b.categoryId,
        cityId: b.cityId,
        contactPhone: b.contactPhone,
        version: b.version,
      },
    });
    expect(put.status).toBe(404);
    expect((await t.request('GET', `/api/serviceprovider/${idB}`, { token: admin })).body.data).toEqual(b);
    const list = await t.request('GET', '/api/serviceprovider?pageSize=100', { token: providerA });
    expect(list.body.data.items.map((i: { id: number }) => i.id)).toEqual([idA]);
    expect(
      (await t.request('GET', `/api/serviceprovider?q=${encodeURIComponent(b.email)}`, { token: providerA }))
        .body.data.total,
    ).toBe(0);
    // own profile: readable and editable
    const own = (await t.request('GET', `/api/serviceprovider/${idA}`, { token: providerA })).body.data;
    const edit = await t.request('PUT', `/api/serviceprovider/${idA}`, {
      token: providerA,
      body: {
        name: own.name,
        email: own.email,
        phone: own.phone,
        businessName: own.businessName,
        description: { en: 'Updated', ar: 'محدث' },
        categoryId: own.categoryId,
        cityId: own.cityId,
        contactPhone: own.contactPhone,
        version: own.version,
      },
    });
    expect(edit.status).toBe(200);
  });

  it("provider A gets 404 for provider B's documents and supervisors", async () => {
    const [docB] = await t.db.db
      .select()
      .from(providerDocuments)
      .where(eq(providerDocuments.providerId, idB));
    expect(
      (await t.request('GET', `/api/serviceprovider/documents/${docB!.id}`, { token: providerA })).status,
    ).toBe(404);
    expect(
      (
        await t.request('POST', '/api/serviceprovider/removeDocuments', {
          token: providerA,
          body: { ids: [docB!.id] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request('POST', `/api/serviceprovider/${idB}/documents`, {
          token: providerA,
          body: form(PDF, 'x.pdf', 'application/pdf'),
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.db.db.select().from(providerDocuments).where(eq(providerDocuments.id, docB!.id))).length,
    ).toBe(1);

    const supsB = (await t.request('GET', `/api/event-manager/get-all?providerId=${idB}`, { token: admin }))
      .body.data.items;
    expect(supsB.length).toBeGreaterThan(0);
    const supB = supsB[0];
    expect(
      (await t.request('GET', `/api/event-manager/details/${supB.id}`, { token: providerA })).status,
    ).toBe(404);
    expect(
      (
        await t.request('POST', '/api/users/approve/', {
          token: providerA,
          body: { id: supB.id, status: '3' },
        })
      ).status,
    ).toBe(404);
    expect((await t.request('DELETE', `/api/event-manager/${supB.id}`, { token: providerA })).status).toBe(
      404,
    );
    const hijack = await t.request('POST', '/api/event-manager/add', {
      token: providerA,
      body: { id: supB.id, version: supB.version, name: supB.name, email: supB.email, phone: supB.phone },
    });
    expect(hijack.status).toBe(404);
    const listA = (await t.request('GET', '/api/event-manager/get-all?pageSize=100', { token: providerA }))
      .body.data.items as { providerId: number }[];
    expect(listA.length).toBeGreaterThan(0);
    expect(new Set(listA.map((s) => s.providerId))).toEqual(new Set([idA]));
    expect(
      (await t.request('GET', `/api/event-manager/get-all?providerId=${idB}`, { token: providerA })).body.data
        .total,
    ).toBe(0);
    // adding a supervisor: always to itself; naming another provider is refused
    const foreign = await t.request('POST', '/api/event-manager/add', {
      token: providerA,
      body: {
        name: { en: 'X', ar: 'س' },
        email: 'x.sup@example.net',
        phone: null,
        providerId: idB,
      },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toHaveProperty('providerId');
    const mine = await t.request('POST', '/api/event-manager/add', {
      token: providerA,
      body: {
        name: { en: 'Mine', ar: 'لي' },
        email: 'mine.sup@example.net',
        phone: null,
      },
    });
    expect(mine.status).toBe(201);
    expect(mine.body.data.providerId).toBe(idA);
    // provider B cannot see A's new supervisor either
    expect(
      (await t.request('GET', `/api/event-manager/details/${mine.body.data.id}`, { token: providerB }))
        .status,
    ).toBe(404);
  });
});

describe('documents', () => {
  it('accepts PDF, JPEG and PNG by content; refuses renamed HTML and SVG; serves only to owner and staff', async () => {
    const up = await t.request('POST', `/api/serviceprovider/${idA}/documents`, {
      token: providerA,
      body: form(PDF, 'licence.pdf', 'application/pdf'),
    });
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({
      fileName: 'licence.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
    });
    const png = await t.request('POST', `/api/serviceprovider/${idA}/documents`, {
      token: admin,
      body: form(PNG, 'logo.jpg', 'image/jpeg'),
    });
    expect(png.body.data.mimeType).toBe('image/png');
    for (const [bytes, name, type] of [
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'evil.pdf', 'application/pdf'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.png', 'image/png'],
    ] as const) {
      const res = await t.request('POST', `/api/serviceprovider/${idA}/documents`, {
        token: providerA,
        body: form(bytes, name, type),
        lang: 'ar',
      });
      expect(res.status, name).toBe(422);
      expect(res.body.errors.file).toBe('يجب أن يكون المستند ملف PDF أو JPEG أو PNG.');
    }
    const big = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    big.set(PDF);
    const tooBig = await t.request('POST', `/api/serviceprovider/${idA}/documents`, {
      token: providerA,
      body: form(big, 'big.pdf', 'application/pdf'),
    });
    expect(tooBig.status).toBe(413);
    // exactly the documented limit (one constant in the contract) is accepted, not refused at 6 MB
    const largest = new Uint8Array(MAX_DOCUMENT_BYTES);
    largest.set(PDF);
    const fits = await t.request('POST', `/api/serviceprovider/${idA}/documents`, {
      token: providerA,
      body: form(largest, 'largest.pdf', 'application/pdf'),
    });
    expect(fits.status, fits.text).toBe(201);

    const path = up.body.data.downloadPath as string;
    const own = await t.app.request(path, { headers: { Authorization: `Bearer ${providerA}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="licence.pdf"/);
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await own.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await t.app.request(path, { headers: { Authorization: `Bearer ${admin}` } })).status).toBe(200);
    expect((await t.app.request(path, { headers: { Authorization: `Bearer ${manager}` } })).status).toBe(403);
    expect((await t.app.request(path, { headers: { Authorization: `Bearer ${providerB}` } })).status).toBe(
      404,
    );
    expect((await t.app.request(path)).status).toBe(401);
    // never public under /uploads/
    const [row] = await t.db.db
      .select()
      .from(providerDocuments)
      .where(eq(providerDocuments.id, up.body.data.id));
    expect((await t.app.request(`/uploads/${row!.storageKey}`)).status).toBe(404);

    const details = await t.request('GET', `/api/service-provider-details?id=${idA}`, { token: providerA });
    expect(details.body.data.documents.map((d: { id: number }) => d.id)).toContain(up.body.data.id);
    const removed = await t.request('POST', '/api/serviceprovider/removeDocuments', {
      token: providerA,
      body: { ids: [up.body.data.id, png.body.data.id] },
    });
    expect(removed.status).toBe(200);
    expect((await t.app.request(path, { headers: { Authorization: `Bearer ${admin}` } })).status).toBe(404);
    expect(await t.storage.get(row!.storageKey)).toBeNull();
  });
});

describe('accounts', () => {
  it('only admins change roles; nobody changes their own role or status; providers keep their role', async () => {
    const [me] = await t.db.db.select().from(users).where(eq(users.email, DEMO.admin.email));
    const self = (await t.request('GET', `/api/users/${me!.id}`, { token: admin })).body.data;
    const own = await t.request('PUT', `/api/users/${me!.id}`, {
      token: admin,
      body: { name: self.name, email: self.email, phone: self.phone, role: 'manager', version: self.version },
    });
    expect([own.status, own.body.errors]).toEqual([422, { role: 'You cannot change your own role.' }]);
    const ownStatus = await t.request('POST', '/api/users/approve', {
      token: admin,
      body: { id: me!.id, status: '3' },
    });
    expect(ownStatus.status).toBe(422);

    const created = await t.request('POST', '/api/users', {
      token: admin,
      body: {
        name: { en: 'Rana Aziz', ar: 'رنا عزيز' },
        email: 'rana@example.net',
        phone: null,
        role: 'manager',
      },
    });
    expect(created.status).toBe(201);
    const u = created.body.data;
    const promoted = await t.request('PUT', `/api/users/${u.id}`, {
      token: admin,
      body: { name: u.name, email: u.email, phone: u.phone, role: 'admin', version: u.version },
    });
    expect(promoted.body.data.role).toBe('admin');
    expect(
      (
        await t.request('PUT', `/api/users/${u.id}`, {
          token: manager,
          body: { name: u.name, email: u.email, phone: null, role: 'manager', version: 1 },
        })
      ).status,
    ).toBe(403);
    const asProvider = await t.request('PUT', `/api/users/${idA}`, {
      token: admin,
      body: {
        name: { en: 'Yousef Nasser', ar: 'يوسف ناصر' },
        email: DEMO.provider.email,
        phone: null,
        role: 'admin',
        version: (await t.request('GET', `/api/users/${idA}`, { token: admin })).body.data.version,
      },
    });
    expect(asProvider.status).toBe(422);
    const newProvider = await t.request('POST', '/api/users', {
      token: admin,
      body: {
        name: { en: 'P', ar: 'ب' },
        email: 'p@example.net',
        phone: null,
        role: 'serviceprovider',
      },
    });
    expect(newProvider.status).toBe(422);
    const dup = await t.request('POST', '/api/users', {
      token: admin,
      body: {
        name: { en: 'Dup', ar: 'مكرر' },
        email: DEMO.manager.email,
        phone: null,
        role: 'manager',
      },
    });
    expect([dup.status, dup.body.errors]).toEqual([
      409,
      { email: 'An account with this email already exists.' },
    ]);
  });

  it('blocking signs the user out; the last active admin cannot be blocked or demoted (409)', async () => {
    const created = await t.request('POST', '/api/users', {
      token: admin,
      body: {
        name: { en: 'Temp', ar: 'مؤقت' },
        email: 'temp@example.net',
        phone: null,
        role: 'manager',
      },
    });
    await acceptInvitation(t, 'temp@example.net', 'Temp-Pass-2026!');
    const token = await t.login('temp@example.net', 'Temp-Pass-2026!');
    const blocked = await t.request('POST', '/api/users/approve', {
      token: admin,
      body: { id: created.body.data.id, status: '3', reason: 'Left the company' },
    });
    expect(blocked.body.data.status).toBe('3');
    expect((await t.request('GET', '/api/profile', { token })).status).toBe(401);
    expect(
      (
        await t.request('POST', '/api/login', {
          body: { email: 'temp@example.net', password: 'Temp-Pass-2026!' },
        })
      ).status,
    ).toBe(403);
    await t.request('POST', '/api/users/approve', {
      token: admin,
      body: { id: created.body.data.id, status: '1' },
    });
    expect((await t.login('temp@example.net', 'Temp-Pass-2026!')).length).toBeGreaterThan(20);

    // Only admins hold usermanager; give it to managers for this test to reach the last admin.
    const [me] = await t.db.db.select().from(users).where(eq(users.email, DEMO.admin.email));
    const others = await t.db.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, '1'), ne(users.id, me!.id)));
    for (const o of others)
      expect(
        (await t.request('POST', '/api/users/approve', { token: admin, body: { id: o.id, status: '3' } }))
          .status,
      ).toBe(200);
    await t.db.db
      .insert(rolePermissions)
      .values({ role: 'manager', permission: 'usermanager', position: 99 });
    try {
      const last = await t.request('POST', '/api/users/approve', {
        token: manager,
        body: { id: me!.id, status: '3' },
        lang: 'ar',
      });
      expect([last.status, last.body.message]).toEqual([409, 'لا يمكن حظر آخر مسؤول نشط أو سحب دوره.']);
      const self = (await t.request('GET', `/api/users/${me!.id}`, { token: manager })).body.data;
      const demote = await t.request('PUT', `/api/users/${me!.id}`, {
        token: manager,
        body: {
          name: self.name,
          email: self.email,
          phone: self.phone,
          role: 'manager',
          version: self.version,
        },
      });
      expect(demote.status).toBe(409);
      expect((await t.request('GET', `/api/users/${me!.id}`, { token: admin })).body.data).toMatchObject({
        role: 'admin',
        status: '1',
      });
    } finally {
      await t.db.db
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.role, 'manager'), eq(rolePermissions.permission, 'usermanager')));
      for (const o of others)
        await t.request('POST', '/api/users/approve', { token: admin, body: { id: o.id, status: '1' } });
    }
  });

  it('supervisors are (de)activated through /api/users/approve/ and signed out', async () => {
    const sups = (
      await t.request('GET', '/api/event-manager/get-all?status=1&pageSize=100', { token: providerA })
    ).body.data.items;
    const sup = sups.find((s: { email: string }) => /^supervisor\d+@example\.com$/.test(s.email));
    const [row] = await t.db.db.select().from(users).where(eq(users.id, sup.id));
    const token = await t.login(row!.email, DEMO_PASSWORD);
    const off = await t.request('POST', '/api/users/approve/', {
      token: providerA,
      body: { id: sup.id, status: '3' },
    });
    expect([off.status, off.body.data.status]).toEqual([200, '3']);
    expect((await t.request('GET', '/api/profile', { token })).status).toBe(401);
    const on = await t.request('POST', '/api/users/approve/', {
      token: admin,
      body: { id: sup.id, status: '1' },
    });
    expect(on.body.data.status).toBe('1');
    expect(
      (await t.request('POST', '/api/users/approve/', { token: manager, body: { id: sup.id, status: '3' } }))
        .status,
    ).toBe(403);
    // not a supervisor: 404
    expect(
      (await t.request('POST', '/api/users/approve/', { token: admin, body: { id: idA, status: '3' } }))
        .status,
    ).toBe(404);
  });
});

describe('configuration masters', () => {
  it('cascade: the city must be in the country; unknown references are refused', async () => {
    const countries = (await t.request('GET', '/api/master/country', { token: manager })).body.data as {
      id: number;
      isoCode: string;
    }[];
    expect(countries.map((c) => c.isoCode)).toContain('SA');
    expect(countries.map((c) => c.isoCode)).not.toContain('TR'); // inactive
    const sa = countries.find((c) => c.isoCode === 'SA')!;
    const ae = countries.find((c) => c.isoCode === 'AE')!;
    const saCities = (await t.request('GET', `/api/master/city?countryId=${sa.id}`, { token: providerA }))
      .body.data as { id: number; countryId: number }[];
    expect(saCities.length).toBeGreaterThan(5);
    expect(saCities.every((c) => c.countryId === sa.id)).toBe(true);
    const aeCity = (
      (await t.request('GET', `/api/master/city?countryId=${ae.id}`, { token: admin })).body.data as {
        id: number;
      }[]
    )[0]!;
    const body = { type: 'location', name: { en: 'Hall', ar: 'قاعة' }, latitude: 24, longitude: 46 };
    const wrong = await t.request('POST', '/api/master/addlist', {
      token: admin,
      body: { ...body, countryId: sa.id, cityId: aeCity.id },
      lang: 'ar',
    });
    expect([wrong.status, wrong.body.errors]).toEqual([
      422,
      { cityId: 'هذه المدينة ليست ضمن الدولة المختارة.' },
    ]);
    const unknown = await t.request('POST', '/api/master/addlist', {
      token: admin,
      body: { ...body, countryId: sa.id, cityId: 999_999 },
    });
    expect(unknown.body.errors).toEqual({ cityId: 'Choose an existing city.' });
    const ok = await t.request('POST', '/api/master/addlist', {
      token: admin,
      body: { ...body, countryId: ae.id, cityId: aeCity.id },
    });
    expect(ok.status).toBe(201);
    const city = await t.request('POST', '/api/master/addlist', {
      token: admin,
      body: { type: 'city', name: { en: 'C', ar: 'م' }, countryId: 999_999 },
    });
    expect(city.body.errors).toEqual({ countryId: 'Choose an existing country.' });
    const dupIso = await t.request('POST', '/api/master/addlist', {
      token: admin,
      body: { type: 'country', name: { en: 'X', ar: 'س' }, isoCode: 'sa', dialCode: '+1' },
    });
    expect([dupIso.status, dupIso.body.errors]).toEqual([
      409,
      { isoCode: 'Another country already has this ISO code.' },
    ]);
  });

  it('the initial location comes from the data: Saudi Arabia, Riyadh and its centre', async () => {
    const res = await t.request('GET', '/api/getInitialLocation', { token: manager });
    expect(res.status).toBe(200);
    expect(res.body.data.country).toMatchObject({
      isoCode: 'SA',
      name: { en: 'Saudi Arabia', ar: 'المملكة العربية السعودية' },
    });
    expect(res.body.data.city.name.en).toBe('Riyadh');
    expect(res.body.data.center.latitude).toBeCloseTo(24.7, 0);
    expect(res.body.data.center.longitude).toBeCloseTo(46.7, 0);
    expect((await t.request('GET', '/api/getInitialLocation')).status).toBe(401);
  });

  it('shared paths check the permission of the chosen type', async () => {
    expect(
      (await t.request('GET', '/api/master/listwithpagination?type=country', { token: manager })).status,
    ).toBe(403);
    expect(
      (await t.request('GET', '/api/master/listwithpagination?type=country', { token: providerA })).status,
    ).toBe(200);
    const bad = await t.request('GET', '/api/master/listwithpagination?type=event', { token: admin });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['type']]);
    const deny = await t.request('POST', '/api/master/deletelist', {
      token: manager,
      body: { type: 'city', id: 1 },
    });
    expect(deny.status).toBe(403);
    expect(
      (await t.request('GET', '/api/master/listSingledata?type=city&id=1', { token: admin })).status,
    ).toBe(200);
    expect(
      (await t.request('GET', '/api/master/list?type=city&countryId=1', { token: manager })).status,
    ).toBe(200);
  });

  it('category icons: uploaded images only, checked by content', async () => {
    const up = await t.request('POST', '/api/master/category/icon', {
      token: admin,
      body: form(PNG, 'icon.png', 'image/png'),
    });
    expect(up.status).toBe(201);
    expect(up.body.data.path).toMatch(/^uploads\/category-icons\/[A-Za-z0-9_-]+\.png$/);
    const served = await t.app.request(`/${up.body.data.path}`);
    expect(served.status).toBe(200);
    const cat = await t.request('POST', '/api/master/addlist', {
      token: admin,
      body: { type: 'category', name: { en: 'Icons', ar: 'أيقونات' }, icon: up.body.data.path },
    });
    expect([cat.status, cat.body.data.icon]).toEqual([201, up.body.data.path]);
    const missing = await t.request('POST', '/api/master/addlist', {
      token: admin,
      body: {
        type: 'category',
        name: { en: 'X', ar: 'س' },
        icon: 'uploads/category-icons/AAAAAAAAAAAAAAAAAAAAAAAA.png',
      },
    });
    expect(missing.body.errors).toEqual({ icon: 'The icon was not found. Please upload it again.' });
    const outside = await t.request('POST', '/api/master/addlist', {
      token: admin,
      body: {
        type: 'category',
        name: { en: 'X', ar: 'س' },
        icon: 'uploads/documents/AAAAAAAAAAAAAAAAAAAAAAAA.pdf',
      },
    });
    expect(outside.status).toBe(422);
    const html = await t.request('POST', '/api/master/category/icon', {
      token: admin,
      body: form(Buffer.from('<html></html>'), 'icon.png', 'image/png'),
    });
    expect(html.status).toBe(422);
    expect(
      (
        await t.request('POST', '/api/master/category/icon', {
          token: manager,
          body: form(PNG, 'icon.png', 'image/png'),
        })
      ).status,
    ).toBe(403);
  });
});
