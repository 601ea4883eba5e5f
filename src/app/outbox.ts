/**
 * The outbox (docs/decisions/0008-offline-outbox-and-cache.md): writes made without a connection are kept on the device (IndexedDB, per
 * user, apart from the query cache so that a new app version never drops them), shown at once in the
 * cached data (optimistic patch), and sent in order when the connection returns. Each carries its
 * Idempotency-Key from the start, so a write the server committed before the answer was lost is
 * sent again harmlessly (the server answers the first result). A refusal (validation, permission)
 * stays in the outbox with the server's message; a stale version becomes a conflict the user
 * settles (see src/pages/outbox/OutboxPage.tsx).
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import type { RouteRef } from '@/contract/plain';
import { routes } from '@/contract/routes.gen';
import { ApiError, call, errorMessage, newIdempotencyKey } from '@/lib/api';
import type { BulkJob } from '@/contract/bulk';
import { trackBulkJob } from './bulk-jobs';
import { connectionState, isUnreachable } from './connection';
import { getSession } from './session';

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

const keyOf = (email: string) => `outbox:${email.trim().toLowerCase()}`;

let entries: OutboxEntry[] = [];
let owner: string | null = null;
let client: QueryClient | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

async function save() {
  if (!owner) return;
  const snapshot = entries.map((e) => (e.state === 'sending' ? { ...e, state: 'queued' as const } : e));
  await set(keyOf(owner), snapshot);
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

/* ---------------------------------------------------------- optimistic view */

/** Applies `patch` to every cached object with this id under the resource's keys (lists, details). */
function patchCached(entry: OutboxEntry) {
  if (!client || !entry.patch || !entry.identity) return;
  const { identity, patch } = entry;
  const matches = (record: Record<string, unknown>) =>
    Object.entries(identity).every(([key, value]) => record[key] === value) &&
    Object.keys(patch).every((key) => key in record);
  const visit = (value: unknown, depth: number): unknown => {
    if (depth > 4 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => visit(item, depth + 1));
    const record = value as Record<string, unknown>;
    if (matches(record)) return { ...record, ...patch };
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(record)) {
      const next = visit(child, depth + 1);
      if (next !== child) changed = true;
      out[key] = next;
    }
    return changed ? out : record;
  };
  client.setQueriesData({ queryKey: [entry.resource] }, (data: unknown) => visit(data, 0));
}

/* ----------------------------------------------------------------- sending */

let running = false;

/** Sends the queued writes in order; stops at the first one that finds no server. */
export async function flushOutbox(): Promise<void> {
  if (running || !owner || connectionState() === 'offline') return;
  running = true;
  try {
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
  if (connectionState() !== 'online' || entries.some((e) => e.state === 'queued' || e.state === 'sending'))
    return queued();
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
  const stopOnline = onlineManager.subscribe((online) => {
    if (online) void flushOutbox();
  });
  const timer = setInterval(() => void flushOutbox(), 15_000);
  return () => {
    stopOnline();
    clearInterval(timer);
  };
}

/** After sign-in or at start: this user's outbox (another user's never shows). */
export async function loadOutbox(): Promise<void> {
  const { email, loginToken } = getSession();
  owner = loginToken && email ? email : null;
  entries = owner ? ((await get<OutboxEntry[]>(keyOf(owner))) ?? []) : [];
  emit();
  for (const entry of entries) patchCached(entry);
  void flushOutbox();
}

/** Sign Out: the user's outbox goes with the rest of their data. */
export async function clearOutbox(email: string): Promise<void> {
  if (owner === email) {
    owner = null;
    entries = [];
    emit();
  }
  await del(keyOf(email));
}
