/**
 * Each user's outbox key (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md): given at
 * sign-in and by GET /api/profile/outbox-key to the user's own sessions only, the same for all of
 * them, made once even when many ask at the same moment, never written to the audit trail.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../../tests/setup/server';
import { outboxKeys, users } from '../db/schema';
import { SERVER_MESSAGES } from '../core/messages';
import { sqlRows } from '../db/client';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t?.close());

interface Key {
  id: string;
  key: string;
}

const signIn = async (email: string) => {
  const res = await t.request('POST', '/api/login', { body: { email, password: DEMO_PASSWORD } });
  expect(res.status).toBe(200);
  return res.body as { token: string; outboxKey: Key };
};
const asked = async (token: string) => {
  const res = await t.request('GET', '/api/profile/outbox-key', { token });
  expect(res.status).toBe(200);
  return res.body as { message: string; data: Key };
};

describe('outbox keys', () => {
  it('gives each user a key of their own at sign-in, the same to every session of that user', async () => {
    const first = await signIn(DEMO.manager.email);
    expect(first.outboxKey.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.outboxKey.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first.outboxKey.key, 'base64url')).toHaveLength(32);
    const second = await signIn(DEMO.manager.email);
    expect(second.token).not.toBe(first.token);
    expect(second.outboxKey).toEqual(first.outboxKey);

    const other = await signIn(DEMO.admin.email);
    expect(other.outboxKey.id).not.toBe(first.outboxKey.id);
    expect(other.outboxKey.key).not.toBe(first.outboxKey.key);
  });

  it('answers only the caller’s own key, and nothing without a session', async () => {
    const manager = await signIn(DEMO.manager.email);
    const admin = await signIn(DEMO.admin.email);
    expect((await asked(manager.token)).data).toEqual(manager.outboxKey);
    const answer = await asked(admin.token);
    expect(answer.message).toBe(SERVER_MESSAGES.outboxKeyLoaded.en);
    expect(answer.data).toEqual(admin.outboxKey);
    // Nothing names another user: a query or a body is refused, not followed.
    const named = await t.request('GET', `/api/profile/outbox-key?email=${DEMO.manager.email}`, {
      token: admin.token,
    });
    expect(named.status).toBe(422);
    expect(JSON.stringify(named.body)).not.toContain(manager.outboxKey.key);
    expect((await t.request('GET', '/api/profile/outbox-key')).status).toBe(401);
    // A signed-out session gets no key any more.
    expect((await t.request('POST', '/api/logout', { token: manager.token })).status).toBe(200);
    expect((await t.request('GET', '/api/profile/outbox-key', { token: manager.token })).status).toBe(401);
  });

  it('makes one key when many sessions of a user without one ask at the same moment', async () => {
    const [provider] = await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
    const token = (await signIn(DEMO.provider.email)).token;
    // As for a user signed in before keys existed: none kept yet.
    await t.db.db.delete(outboxKeys).where(eq(outboxKeys.userId, provider!.id));
    const answers = await Promise.all(Array.from({ length: 12 }, () => asked(token)));
    const keys = new Set(answers.map((a) => JSON.stringify(a.data)));
    expect(keys.size).toBe(1);
    const rows = await t.db.db.select().from(outboxKeys).where(eq(outboxKeys.userId, provider!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).toBe(answers[0]!.data.key);
    // The next sign-in gives that same key.
    expect((await signIn(DEMO.provider.email)).outboxKey).toEqual(answers[0]!.data);
  });

  it('is in no answer about the user to someone else: the users list and the user’s record', async () => {
    const manager = await signIn(DEMO.manager.email);
    const admin = await signIn(DEMO.admin.email);
    const [row] = await t.db.db.select().from(users).where(eq(users.email, DEMO.manager.email));
    for (const path of ['/api/users/get-all?pageSize=100', `/api/users/${row!.id}`]) {
      const res = await t.request('GET', path, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(manager.outboxKey.key);
      expect(res.text).not.toContain(manager.outboxKey.id);
    }
  });

  it('never writes a key to the audit trail', async () => {
    const { outboxKey } = await signIn(DEMO.manager.email);
    const found = await sqlRows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from audit_log where audit_log::text like ${`%${outboxKey.key}%`}`,
    );
    expect(found[0]!.n).toBe(0);
  });
});
