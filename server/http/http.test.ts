import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../../src/contract';
import { endpoint, okMessage, publicAccess } from '../../src/contract/http';
import { knownMessages } from '../../src/contract/messages';
import { latinNumbersIn } from '../../scripts/arabic-digits.mjs';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../../tests/setup/server';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { emailOtps, sessions, users } from '../db/schema';
import { SERVER_MESSAGES } from '../core/messages';
import { conflict, undoingWrites } from '../core/errors';
import { allOrNothing } from './idempotency';
import { APP_CSP } from './security';
import { route } from './route';
import { assertAllRouted } from './route-registry';
import type { AppEnv } from './types';
import { signInAs } from '../../tests/support/kit';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ config: { jsonBodyLimit: 4096 } });
});
afterAll(() => t?.close());

/** An app of its own for test routes, on the test server's database (English answers). */
const testApp = () => {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', { db: t.db.db, config: t.config, mailer: { send: async () => {} }, storage: t.storage });
    c.set('lang', 'en');
    await next();
  });
  return app;
};

describe('OpenAPI and reference page', () => {
  it('/api/openapi.json lists every contract endpoint', async () => {
    const res = await t.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const [name, e] of Object.entries(api)) {
      const op = doc.paths[e.path.replace(/:(\w+)\??/g, '{$1}')]?.[e.method.toLowerCase()];
      expect(op?.operationId, `${name} ${e.method} ${e.path}`).toBe(name);
    }
    const register = doc.paths['/api/register']!.post as unknown as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['name', 'phone', 'email', 'password', 'otp', 'role', 'status']),
    );
  });

  it('/api/docs is a self-contained HTML page naming every endpoint', async () => {
    const res = await t.request('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).not.toMatch(/<script|https?:\/\/(?!localhost)[a-z]/i);
    for (const e of Object.values(api)) expect(res.text).toContain(e.path.replace(/:(\w+)\??/g, '{$1}'));
  });
});

describe('route helper', () => {
  it('answers 400 for malformed JSON, 415 for a non-JSON body, 413 for a body over the limit', async () => {
    const malformed = await t.request('POST', '/api/login', {
      body: '{"email": ',
      headers: { 'Content-Type': 'application/json' },
      lang: 'ar',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ status: 400, message: SERVER_MESSAGES.badJson.ar });

    const text = await t.request('POST', '/api/login', {
      body: 'email=a',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(415);

    const big = await t.request('POST', '/api/login', {
      body: { email: 'a@b.co', password: 'x'.repeat(5000) },
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The request is too large (at most 4 KB).');
  });

  it('refuses a JSON array or unknown query parameters with 422', async () => {
    const arr = await t.request('POST', '/api/login', { body: [1, 2] });
    expect(arr.status).toBe(422);
    const token = await signInAs(t, 'admin');
    const query = await t.request('GET', '/api/master/role?role=admin', { token });
    expect(query.status).toBe(422);
    expect(query.body.errors).toEqual({ role: 'Unknown field' });
  });

  it('answers 404 for an unknown API path and 405 (with Allow) for a wrong method, as JSON', async () => {
    const missing = await t.request('GET', '/api/nothing-here', { lang: 'ar' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ status: 404, message: SERVER_MESSAGES.noEndpoint.ar });
    const wrong = await t.request('GET', '/api/login');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('answers in the preferred supported language of Accept-Language, q-values honoured, else English', async () => {
    const answerIn = async (header: string | undefined) => {
      const res = await t.request('GET', '/api/nothing-here', {
        headers: header === undefined ? {} : { 'Accept-Language': header },
      });
      return (res.body as { message: string }).message;
    };
    const { en, ar } = SERVER_MESSAGES.noEndpoint;
    expect(await answerIn(undefined)).toBe(en);
    expect(await answerIn('ar')).toBe(ar);
    expect(await answerIn('AR-sa, en;q=0.5')).toBe(ar);
    expect(await answerIn('en;q=0.2, ar;q=0.9')).toBe(ar);
    expect(await answerIn('fr-FR, ar;q=0.3, en;q=0.1')).toBe(ar);
    expect(await answerIn('ar;q=0, en;q=0.1')).toBe(en);
    expect(await answerIn('fr, de')).toBe(en);
    expect(await answerIn(`${'x;q=0.1, '.repeat(500)}ar`)).toBe(ar);
  });

  it('sets security headers and no-store on API answers', async () => {
    const res = await t.request('GET', '/api/master/role');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(APP_CSP).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('checks permissions from the role table (deny without it), and a handler fault is a generic 500', async () => {
    const app = testApp();
    const guarded = endpoint({
      method: 'GET',
      path: '/api/test/supervisors',
      summary: 'test',
      tag: 'Test',
      access: { kind: 'session', permission: 'supervisor' },
      response: okMessage,
    });
    const broken = endpoint({
      method: 'POST',
      path: '/api/test/broken',
      summary: 'test',
      tag: 'Test',
      access: publicAccess,
      body: z.strictObject({ n: z.number() }),
      response: okMessage,
    });
    route(app, guarded, async () => ({ message: 'Done.' }));
    route(app, broken, async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const admin = await signInAs(t, 'admin');
    const manager = await signInAs(t, 'manager');
    const get = (token: string) =>
      app.request('/api/test/supervisors', { headers: { Authorization: `Bearer ${token}` } });
    expect((await get(admin)).status).toBe(200);
    const denied = await get(manager);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ status: 403, message: SERVER_MESSAGES.forbidden.en });

    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const fault = await app.request('/api/test/broken', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"n":1}',
      });
      expect(fault.status).toBe(500);
      const text = await fault.text();
      expect(text).not.toContain('secret_table');
      expect(JSON.parse(text)).toEqual({ status: 500, message: SERVER_MESSAGES.serverError.en });
    } finally {
      console.error = original;
    }
    expect(errors.length).toBe(1);

    expect(() => assertAllRouted(app, { ...api, guarded })).toThrow(/login \(POST \/api\/login\)/);
    expect(() => assertAllRouted(app, { guarded, broken })).not.toThrow();
  });

  it('a signed-in write’s refusal keeps what the handler wrote before it, unless it undoes it (all or nothing)', async () => {
    const app = testApp();
    const [me] = await t.db.db.select().from(users).where(eq(users.email, DEMO.admin.email));
    const writes = (path: string) =>
      endpoint({
        method: 'POST',
        path,
        summary: 'test',
        tag: 'Test',
        access: { kind: 'session', permission: 'booking' },
        response: okMessage,
      });
    const setPhone = (db: Executor, phone: string | null) =>
      db.update(users).set({ phone }).where(eq(users.id, me!.id));
    // A counted try: the write stays, the refusal is answered.
    route(app, writes('/api/test/keeps'), async ({ deps }) => {
      await setPhone(deps.db, '+971500000001');
      throw conflict();
    });
    // A refusal that undoes the handler's writes.
    route(app, writes('/api/test/undoes'), async ({ deps }) => {
      await setPhone(deps.db, '+971500000002');
      throw undoingWrites(conflict());
    });
    // All or nothing: in the request's transaction, a refusal takes it all back.
    route(app, writes('/api/test/all-or-nothing'), async ({ deps }) =>
      allOrNothing(deps, async (tx) => {
        await setPhone(tx, '+971500000003');
        throw conflict();
      }),
    );
    const token = await signInAs(t, 'admin');
    const post = (path: string) =>
      app.request(path, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
    const phone = async () =>
      (await t.db.db.select({ phone: users.phone }).from(users).where(eq(users.id, me!.id)))[0]!.phone;
    try {
      expect((await post('/api/test/keeps')).status).toBe(409);
      expect(await phone()).toBe('+971500000001');
      expect((await post('/api/test/undoes')).status).toBe(409);
      expect(await phone()).toBe('+971500000001');
      expect((await post('/api/test/all-or-nothing')).status).toBe(409);
      expect(await phone()).toBe('+971500000001');
    } finally {
      await setPhone(t.db.db, me!.phone);
    }
  });

  it('has an Arabic text for every message the server sends', () => {
    const known = knownMessages();
    for (const [key, m] of Object.entries(SERVER_MESSAGES)) {
      expect(known.get(key), key).toBe(m);
      expect(m.ar, key).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('writes the numbers of every Arabic message in Arabic-Indic digits (one digit system)', () => {
    const latin = [...knownMessages()].flatMap(([key, m]) =>
      latinNumbersIn(m.ar).length ? [`${key}: ${m.ar}`] : [],
    );
    expect(latin).toEqual([]);
    // The rule sees what it should: a number of the sentence, not a code or a placeholder.
    expect(latinNumbersIn('من 6 أرقام')).toEqual(['6']);
    expect(latinNumbersIn('مثل ‎+966 أو UTF-8 أو ⁦/event/details/12⁩ و{0} و$0')).toEqual([]);
  });
});

describe('no answer leaks secrets', () => {
  it('never contains a password hash, token hash, OTP hash or OTP code', async () => {
    const answers: string[] = [];
    const req = async (...args: Parameters<TestServer['request']>) => {
      const res = await t.request(...args);
      answers.push(JSON.stringify([...res.headers]) + res.text);
      return res;
    };
    const email = 'leak.check@example.org';
    await req('POST', '/api/sendEmailOTP', { body: { email } });
    await t.smtp.waitFor((m) => m.to.includes(email));
    const code = t.smtp.lastOtpFor(email)!;
    await req('POST', '/api/verifyEmailOTP', {
      body: { email, otp: String((Number(code) + 1) % 1e6).padStart(6, '0') },
    });
    await req('POST', '/api/verifyEmailOTP', { body: { email, otp: code } });
    await req('POST', '/api/register', {
      body: { name: 'Leak Check', phone: '+971500000000', email, password: 'Leak-Pass-2026!', otp: code },
    });
    const login = await req('POST', '/api/login', {
      body: { email: DEMO.admin.email, password: DEMO_PASSWORD },
    });
    const token = login.body.token as string;
    for (const path of ['/api/master/role', '/api/profile']) await req('GET', path, { token });
    await req('POST', '/api/login', { body: { email: DEMO.admin.email, password: 'wrong-password' } });
    await req('POST', '/api/profile/password', {
      token,
      body: { currentPassword: 'x', newPassword: 'whatever-123' },
    });
    await req('PUT', '/api/profile', {
      token,
      body: { name: { en: 'A', ar: 'ب' }, phone: null, version: 999 },
    });

    const secrets = [
      ...(await t.db.db.select({ s: users.passwordHash }).from(users)).map((r) => r.s),
      ...(await t.db.db.select({ s: sessions.tokenHash }).from(sessions)).map((r) => r.s),
      ...(await t.db.db.select({ s: emailOtps.codeHash }).from(emailOtps)).flatMap((r) => r.s.split('$')),
      code,
    ];
    expect(secrets.length).toBeGreaterThan(10);
    const all = answers.join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/scrypt\$|password_?hash|passwordHash|token_?hash|code_?hash/i);
  });
});

describe('multipart bodies', () => {
  it('takes parts named like built-in object properties as plain names', async () => {
    const { parseMultipart } = await import('./body');
    const form = new FormData();
    form.append('constructor', new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }));
    form.append('__proto__', 'x');
    form.append('toString', 'y');
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    const bytes = new Uint8Array(await req.clone().arrayBuffer());
    const parts = await parseMultipart(req, bytes);
    expect(parts.files.constructor).toHaveLength(1);
    expect(Object.keys(parts.fields).sort()).toEqual(['__proto__', 'toString']);
    expect(parts.fields.toString).toBe('y');
  });
});
