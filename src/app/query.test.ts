import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { clear, get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheKeyFor, capPersistedClient, createIdbPersister, createQueryClient } from './query';
import { resetSessionForTests, storeSignIn } from './session';

const EMAIL = 'persist@example.com';

const snapshot = (mutations: { key: string; submittedAt: number }[], marker: string): PersistedClient =>
  ({
    timestamp: Date.now(),
    buster: 'test',
    clientState: {
      queries: [{ queryKey: ['marker'], queryHash: '["marker"]', state: { data: marker } }],
      mutations: mutations.map((m) => ({
        mutationKey: [m.key],
        state: { submittedAt: m.submittedAt, status: 'pending', isPaused: true },
      })),
    },
  }) as unknown as PersistedClient;

const stored = async () =>
  (await get<PersistedClient>(cacheKeyFor(EMAIL)))?.clientState.queries[0]?.state.data;

beforeEach(async () => {
  await clear();
  resetSessionForTests();
  await storeSignIn({
    token: 'tok',
    name: { en: 'Persist', ar: 'حفظ' },
    email: EMAIL,
    profileImage: null,
    role: 'admin',
  } as never);
});
afterEach(() => vi.useRealTimers());

describe('the IndexedDB persister', () => {
  it('writes cache updates at most once a second', async () => {
    // Only the throttle's timers are fake (IndexedDB keeps its own scheduling).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const persister = createIdbPersister();
    await persister.persistClient(snapshot([], 'first'));
    await persister.persistClient(snapshot([], 'second'));
    await vi.advanceTimersByTimeAsync(900);
    expect(await stored()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(async () => expect(await stored()).toBe('second'));
  });

  it('writes at once when the queued writes change (an edit made offline)', async () => {
    const persister = createIdbPersister();
    await persister.persistClient(snapshot([{ key: 'booking', submittedAt: 1 }], 'queued'));
    await vi.waitFor(async () => expect(await stored()).toBe('queued'));
  });

  it('writes at once when asked (a write succeeded), without waiting for the throttle', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const persister = createIdbPersister();
    await persister.persistClient(snapshot([], 'saved'));
    await persister.flush();
    expect(await stored()).toBe('saved');
  });

  it('a settled mutation asks the persister to write', async () => {
    let flushed = 0;
    const client = createQueryClient({ onMutationSettled: () => flushed++ });
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'ok' })
      .execute(undefined);
    expect(flushed).toBe(1);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new Error('refused')), retry: false })
      .execute(undefined)
      .catch(() => undefined);
    expect(flushed).toBe(2);
  });

  it('writes what is still waiting when the page is left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const persister = createIdbPersister();
    await persister.persistClient(snapshot([], 'before-reload'));
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(async () => expect(await stored()).toBe('before-reload'));
  });
});

describe('the size cap of the device copy', () => {
  const query = (name: string, updatedAt: number, size: number) => ({
    queryKey: [name],
    queryHash: JSON.stringify([name]),
    state: { data: 'x'.repeat(size), dataUpdatedAt: updatedAt },
  });
  const client = (queries: ReturnType<typeof query>[]) =>
    ({ timestamp: 0, buster: 'b', clientState: { queries, mutations: [] } }) as unknown as PersistedClient;

  it('keeps everything under the cap', () => {
    const c = client([query('a', 1, 100), query('b', 2, 100)]);
    expect(capPersistedClient(c, 1000)).toBe(c);
  });

  it('drops the least recently fetched queries until it fits', () => {
    const c = client([query('old', 1, 600), query('new', 3, 300), query('middle', 2, 300)]);
    const capped = capPersistedClient(c, 700);
    expect(capped.clientState.queries.map((q) => q.queryKey[0])).toEqual(['new', 'middle']);
    expect(capPersistedClient(c, 400).clientState.queries.map((q) => q.queryKey[0])).toEqual(['new']);
  });
});
