/**
 * The outbox (docs/decisions/0008-offline-outbox-and-cache.md): writes made without a connection are kept on the device (IndexedDB, per
 * user, apart from the query cache so that a new app version never drops them), shown at once in the
 * cached data (optimistic patch), and sent in order when the connection returns. Each carries its
 * Idempotency-Key from the start, so a write the server committed before the answer was lost is
 * sent again harmlessly (the server answers the first result). A refusal (validation, permission)
 * stays in the outbox with the server's message; a stale version becomes a conflict the user
 * settles (see src/pages/outbox/OutboxPage.tsx).
 *
 * Each user's outbox is sealed with a key only that user's sessions get (src/app/outbox-store.ts,
 * docs/decisions/0036-each-users-outbox-sealed-on-the-device.md): Sign Out may keep it for the
 * user's next sign-in on this device, and no other user can list, open or read it meanwhile.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { RouteRef } from '@/contract/plain';
import { routes } from '@/contract/routes.gen';
import { ApiError, call, errorMessage, newIdempotencyKey } from '@/lib/api';
import type { BulkJob } from '@/contract/bulk';
import { trackBulkJob } from './bulk-jobs';
import { connectionState, isUnreachable, onServerBack } from './connection';
import { showInCache } from './outbox-view';
import {
  deviceKeyFor,
  dropOutbox,
  dropPlainOutbox,
  keepDeviceKey,
  readOutbox,
  writeOutbox,
  type DeviceKey,
  type OutboxKeyAnswer,
} from './outbox-store';
import { getSession, subscribeSession } from './session';

type ApiName = keyof typeof routes;

export interface OutboxRequest {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

export interface OutboxEntry {
  /** Also the request's Idempotency-Key. */
  id: string;
  endpoint: ApiName;
  request: OutboxRequest;
  /** What the change is, in the words of the moment it was made ("Booking BK-7: Confirm"). */
  summary: string;
  /** The query keys to refresh once it is sent (the resource's key). */
  resource: string;
  recordId: number | null;
  /**
   * Shown in the cached data until the server's answer replaces it, on the objects that have all of
   * `identity` (the id and, say, the booking code: an event with the same id is not touched).
   */
  patch: Record<string, unknown> | null;
  identity: Record<string, unknown> | null;
  createdAt: number;
  state: 'queued' | 'sending' | 'failed' | 'conflict';
  /** The server's message of a refusal or conflict. */
  error: string | null;
}

let entries: OutboxEntry[] = [];
/** Whose outbox is open (lower-cased e-mail); null when none is. */
let owner: string | null = null;
/** The owner's key (null: none yet, kept unsealed until the server gives it, see `ensureKey`). */
let ownerKey: DeviceKey | null = null;
/** An unsealed copy is on the device: the next sealed write replaces it. */
let plainLeft = false;
let client: QueryClient | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Writes one after the other, so that an older state never lands after a newer one. */
let writing: Promise<void> = Promise.resolve();

function save(): Promise<void> {
  const who = owner;
  if (!who) return writing;
  const key = ownerKey;
  const snapshot = entries.map((e) => (e.state === 'sending' ? { ...e, state: 'queued' as const } : e));
  writing = writing
    .then(async () => {
      await writeOutbox(who, key, snapshot);
      if (key && plainLeft) {
        plainLeft = false;
        await dropPlainOutbox(who);
      }
    })
    .catch((error: unknown) => console.warn('Could not keep the outbox on this device', error));
  return writing;
}

function update(next: OutboxEntry[]) {
  entries = next;
  emit();
  return save();
}

export const outboxEntries = () => entries;

export const useOutbox = (): OutboxEntry[] =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    outboxEntries,
    outboxEntries,
  );

/** Shows the entry in the cached data at once (src/app/outbox-view.ts). */
const patchCached = (entry: OutboxEntry) => {
  if (client) showInCache(client, entry);
};

/* ----------------------------------------------------------------- sending */

type SentListener = (entry: OutboxEntry, data: unknown) => void;
const sentListeners = new Set<SentListener>();

/**
 * Hears the server's answer to each queued write once it is sent: a screen that must tell what the
 * server decided (the door: an admission another device made first, docs/decisions/0055-the-door.md).
 */
export const onOutboxSent = (listener: SentListener): (() => void) => {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
};

let running = false;

/**
 * The owner's key from the server, when the device has none (a session begun before outboxes were
 * sealed): the outbox is sealed from then on. Null while the server cannot be asked.
 */
async function fetchKey(email: string): Promise<DeviceKey | null> {
  if (connectionState() !== 'online' || !globalThis.crypto?.subtle) return null;
  try {
    const answer = (await call(routes.outboxKey as RouteRef, {} as never)) as { data: OutboxKeyAnswer };
    return await keepDeviceKey(email, answer.data);
  } catch {
    return null;
  }
}

/** Reads the owner's kept entries with `key` and puts them before those in memory (which are newer). */
async function openWith(who: string, key: DeviceKey | null): Promise<boolean> {
  const read = await readOutbox<OutboxEntry>(who, key);
  if (owner !== who || (ownerKey && !key)) return false; // signed out, or opened with the key meanwhile
  ownerKey = key;
  plainLeft ||= read.plain;
  const current = new Set(entries.map((e) => e.id));
  entries = [...read.entries.filter((e) => !current.has(e.id)), ...entries];
  emit();
  return true;
}

/** An outbox opened without its key (none on the device, the server out of reach) is sealed once it answers. */
async function ensureKey(): Promise<void> {
  const who = owner;
  if (!who || ownerKey) return;
  const key = await fetchKey(who);
  if (!key || owner !== who || ownerKey) return;
  if (await openWith(who, key)) {
    for (const entry of entries) patchCached(entry);
    await save();
  }
}

/** Sends the queued writes in order; stops at the first one that finds no server. */
export async function flushOutbox(): Promise<void> {
  if (running || !owner || connectionState() === 'offline') return;
  running = true;
  try {
    await ensureKey();
    for (;;) {
      const entry = entries.find((e) => e.state === 'queued');
      if (!entry || !onlineManager.isOnline()) break;
      await update(entries.map((e) => (e.id === entry.id ? { ...e, state: 'sending' as const } : e)));
      try {
        const answer = (await call(
          routes[entry.endpoint] as RouteRef,
          // The time the edit was made on the device goes on the audit trail.
          { ...entry.request, idempotencyKey: entry.id, deviceTime: entry.createdAt } as never,
        )) as { data?: unknown };
        await update(entries.filter((e) => e.id !== entry.id));
        for (const listener of sentListeners) listener(entry, answer.data);
        // A bulk action reports per row once the server has processed it (ADR 0021).
        if (entry.endpoint.endsWith('Bulk'))
          trackBulkJob(answer.data as BulkJob, {
            resource: entry.resource,
            label: entry.summary,
            queryClient: client,
          });
        await client?.invalidateQueries({ queryKey: [entry.resource] });
      } catch (error) {
        // No server, or no session (signed out, or it ended): the write waits for the next sign-in.
        if (isUnreachable(error) || (error instanceof ApiError && error.status === 401)) {
          await update(entries.map((e) => (e.id === entry.id ? { ...e, state: 'queued' as const } : e)));
          break;
        }
        const conflict = error instanceof ApiError && error.status === 409;
        await update(
          entries.map((e) =>
            e.id === entry.id
              ? {
                  ...e,
                  state: conflict ? ('conflict' as const) : ('failed' as const),
                  error: errorMessage(error),
                }
              : e,
          ),
        );
        // The cached data shows the server's state again.
        await client?.invalidateQueries({ queryKey: [entry.resource] });
      }
    }
  } finally {
    running = false;
  }
}

/** Keeps a write for later and shows it in the cached data at once. */
export async function enqueue(entry: Omit<OutboxEntry, 'createdAt' | 'state' | 'error'>): Promise<void> {
  const full: OutboxEntry = { ...entry, createdAt: Date.now(), state: 'queued', error: null };
  await update([...entries.filter((e) => e.id !== entry.id), full]);
  patchCached(full);
}

export interface SendOptions {
  summary: string;
  resource: string;
  recordId?: number | null;
  patch?: Record<string, unknown> | null;
  /** Which cached objects the patch is for (default: `{ id: recordId }`). */
  identity?: Record<string, unknown>;
  idempotencyKey?: string;
  /**
   * Keep it without calling: the same request just found no server (a form's save answered 502/503/504
   * or no answer), so it waits like an offline one (docs/decisions/0076-offline-decisions-an-unreachable-server-and-one-history.md).
   */
  keep?: boolean;
}

/**
 * A write that may wait for the connection: sent now when the server is reachable, else (or when
 * the connection drops during the call) kept in the outbox with the same Idempotency-Key.
 */
/**
 * The contract's name of an endpoint (the outbox keeps names, not objects), by method and path: the
 * masters' shared paths are one routed endpoint for every type.
 */
export const endpointName = (endpoint: RouteRef): ApiName | null =>
  (Object.keys(routes) as ApiName[]).find(
    (name) => routes[name].method === endpoint.method && routes[name].path === endpoint.path,
  ) ?? null;

export async function send(
  endpoint: ApiName,
  request: OutboxRequest,
  options: SendOptions,
): Promise<{ message: string; queued: boolean; data?: unknown; undo?: string }> {
  const id = options.idempotencyKey ?? newIdempotencyKey();
  const entry = {
    id,
    endpoint,
    request,
    summary: options.summary,
    resource: options.resource,
    recordId: options.recordId ?? null,
    patch: options.patch ?? null,
    identity: options.identity ?? (options.recordId ? { id: options.recordId } : null),
  };
  const queued = async () => {
    await enqueue(entry);
    return {
      message: i18n._(msg`Saved on this device. It will be sent when the connection returns.`),
      queued: true,
    };
  };
  // Earlier writes first: a new one waits behind them.
  const waiting = entries.some((e) => e.state === 'queued' || e.state === 'sending');
  if (options.keep || waiting || connectionState() !== 'online') return queued();
  try {
    const answer = (await call(
      routes[endpoint] as RouteRef,
      { ...request, idempotencyKey: id } as never,
    )) as {
      message: string;
      data?: unknown;
      undo?: string;
    };
    return { message: answer.message, queued: false, data: answer.data, undo: answer.undo };
  } catch (error) {
    if (isUnreachable(error)) return queued();
    throw error;
  }
}

/** Send a refused or conflicting write again (a conflict: over the server's current version). */
export async function retryEntry(id: string, changes: Partial<OutboxRequest> = {}): Promise<void> {
  const entry = entries.find((e) => e.id === id);
  if (!entry) return;
  const again: OutboxEntry = {
    ...entry,
    // A new key: the refused request changed nothing, this one is a new request.
    id: newIdempotencyKey(),
    request: { ...entry.request, ...changes },
    state: 'queued',
    error: null,
  };
  await update(entries.map((e) => (e.id === id ? again : e)));
  patchCached(again);
  await flushOutbox();
}

export async function discardEntry(id: string): Promise<void> {
  const entry = entries.find((e) => e.id === id);
  await update(entries.filter((e) => e.id !== id));
  if (entry) await client?.invalidateQueries({ queryKey: [entry.resource] });
}

/* --------------------------------------------------------------- lifecycle */

/** Loads the signed-in user's outbox and sends it when the connection allows; returns the stop. */
export function startOutbox(queryClient: QueryClient): () => void {
  client = queryClient;
  const timer = setInterval(() => void flushOutbox(), 15_000);
  // The network back, or the server answering again after 502/503/504 or no answer (ADR 0076).
  const stopBack = onServerBack(() => void flushOutbox());
  // A session that ends (a 401) closes its outbox; it stays sealed for the user's next sign-in.
  const stopSession = subscribeSession(() => {
    if (owner && !getSession().loginToken) void closeOpen();
  });
  return () => {
    clearInterval(timer);
    stopBack();
    stopSession();
  };
}

/** The reading of the owner's outbox, once per owner. */
let opened: Promise<unknown> | null = null;

/**
 * When the signed-in shell starts: this user's outbox, opened with their key (another user's never
 * shows: it is sealed with a key this session is not given). Called again for the same user, it reads
 * nothing again and shows the entries over the cache.
 */
export async function loadOutbox(): Promise<void> {
  const { email, loginToken } = getSession();
  const who = loginToken && email ? email.trim().toLowerCase() : null;
  if (who !== owner || !opened) {
    // Another user's entries leave the screens at once, before anything is read.
    owner = who;
    ownerKey = null;
    plainLeft = false;
    entries = [];
    emit();
    opened = who ? (async () => openWith(who, (await deviceKeyFor(who)) ?? (await fetchKey(who))))() : null;
  }
  if (!who) return;
  await opened;
  if (owner !== who) return; // signed out meanwhile
  for (const entry of entries) patchCached(entry);
  if (ownerKey && plainLeft) await save();
  void flushOutbox();
}

/** Closes the open outbox: nothing of it stays in memory or on the screens. */
async function closeOpen(): Promise<{ email: string | null; key: DeviceKey | null }> {
  const closed = { email: owner, key: ownerKey };
  opened = null;
  owner = null;
  ownerKey = null;
  plainLeft = false;
  entries = [];
  emit();
  // A write under way lands before the outbox is dropped or left.
  await writing;
  return closed;
}

/**
 * Sign Out, keeping the unsent changes for the user's next sign-in on this device: they stay sealed
 * (the key leaves with the session, src/app/session.ts) and are sent then, under this user.
 */
export async function keepOutboxForNextSignIn(): Promise<void> {
  await closeOpen();
}

/** Sign Out, discarding the unsent changes: the user's outbox leaves the device. */
export async function discardOutbox(email: string): Promise<void> {
  const who = email.trim().toLowerCase();
  const closed = await closeOpen();
  const key = closed.email === who && closed.key ? closed.key : await deviceKeyFor(who);
  await dropOutbox(who, key);
}
