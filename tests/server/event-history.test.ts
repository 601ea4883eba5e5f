/**
 * One history of an event (docs/decisions/0076-offline-decisions-an-unreachable-server-and-one-history.md):
 * its page's Status history card and its History tab (the audit trail) list the same moves, for an
 * event made and moved through the API and for the demo's seeded events; an approval kept offline
 * carries the version it was made on: replayed with its key it applies once, replayed after the
 * event changed it is refused (409) and changes nothing, and of many parallel approvals of one
 * version one applies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';
import { eventBody } from '../support/events';

type Move = { id: number; fromStatus: string | null; toStatus: string; reason: string | null };
type Entry = {
  id: number;
  fields: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

let t: TestServer;
let admin: string;
let provider: string;
let ownerId: number;
const call = apiOf(() => t);

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  provider = await signInAs(t, 'provider');
  ownerId = (await call('GET', '/api/profile', provider)).body.data.id as number;
});
afterAll(() => t.close());

const cardOf = async (id: number) => {
  const res = await call('GET', `/api/event/get-details/${id}`, admin);
  expect(res.status, res.text).toBe(200);
  return res.body.data as { history: Move[]; event: { version: number; status: string } };
};
/** The History tab's entries that moved the status, as its timeline shows them (newest first). */
const tabOf = async (id: number) => {
  const res = await call('GET', `/api/audit?resource=event&recordId=${id}&pageSize=100`, admin);
  expect(res.status, res.text).toBe(200);
  return (res.body.data.items as Entry[])
    .filter((e) => e.fields.includes('status') && e.after?.status)
    .map((e) => ({ id: e.id, from: e.before?.status ?? null, to: e.after!.status }));
};
const sameHistory = async (id: number) => {
  const card = (await cardOf(id)).history.map((m) => ({ id: m.id, from: m.fromStatus, to: m.toStatus }));
  expect(card).toEqual(await tabOf(id));
  return card;
};

describe('one history of an event', () => {
  it('a new event moved twice shows the same moves on its card and its History tab', async () => {
    const body = await eventBody(call, admin, ownerId, {
      title: { en: 'History check', ar: 'فحص السجل' },
      startsAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 20 * 86_400_000 + 3_600_000).toISOString(),
      price: 1000,
      capacity: 20,
    });
    const created = await call('POST', '/api/event', provider, body);
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as number;
    expect((await call('POST', '/api/event/update-status', provider, { id, status: 'pending' })).status).toBe(
      200,
    );
    const pending = await cardOf(id);

    // A decision kept offline: sent with its key and the version it was made on, replayed twice.
    const decision = {
      id,
      status: 'rejected',
      reason: 'Missing venue details',
      version: pending.event.version,
    };
    const key = { headers: { 'Idempotency-Key': 'history-reject-1' } };
    const first = await call('POST', '/api/event/approve', admin, decision, key);
    expect(first.status, first.text).toBe(200);
    const again = await call('POST', '/api/event/approve', admin, decision, key);
    expect(again.status).toBe(200);

    const moves = await sameHistory(id);
    expect(moves.map((m) => m.to)).toEqual(['rejected', 'pending', 'draft']);
    expect((await cardOf(id)).history[0]!.reason).toBe('Missing venue details');

    // The same decision on the old version, under a new key: refused, nothing changes.
    const stale = await call(
      'POST',
      '/api/event/approve',
      admin,
      { ...decision, status: 'approved' },
      {
        headers: { 'Idempotency-Key': 'history-approve-stale' },
      },
    );
    expect(stale.status, stale.text).toBe(409);
    expect((await cardOf(id)).event.status).toBe('rejected');
    expect(await sameHistory(id)).toEqual(moves);
  });

  it('of twelve parallel approvals of one version, one applies and is one move', async () => {
    const body = await eventBody(call, admin, ownerId, {
      title: { en: 'Race check', ar: 'فحص التسابق' },
      startsAt: new Date(Date.now() + 21 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 21 * 86_400_000 + 3_600_000).toISOString(),
      price: 1000,
      capacity: 20,
    });
    const id = (await call('POST', '/api/event', provider, body)).body.data.id as number;
    await call('POST', '/api/event/update-status', provider, { id, status: 'pending' });
    const { version } = (await cardOf(id)).event;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(
          'POST',
          '/api/event/approve',
          admin,
          { id, status: 'approved', reason: null, version },
          {
            headers: { 'Idempotency-Key': `race-${id}-${i}` },
          },
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(11);
    const moves = await sameHistory(id);
    expect(moves.map((m) => m.to)).toEqual(['approved', 'pending', 'draft']);
  });

  it('a seeded event’s moves are on its History tab as on its card', async () => {
    const list = await call('GET', '/api/event?status=cancelled&pageSize=10', admin);
    expect(list.status, list.text).toBe(200);
    const id = list.body.data.items[0].id as number;
    const moves = await sameHistory(id);
    expect(moves.map((m) => m.to)).toEqual(['cancelled', 'approved', 'pending', 'draft']);
  });
});
