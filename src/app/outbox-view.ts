/**
 * The outbox's optimistic view (docs/decisions/0008-offline-outbox-and-cache.md): a kept write shows
 * in the cached data at once, until the server's answer replaces it.
 */
import type { QueryClient } from '@tanstack/react-query';

/** What of an outbox entry the cached data needs. */
export interface CachedPatch {
  /** The query keys it shows under (the resource's key). */
  resource: string;
  patch: Record<string, unknown> | null;
  /** Which cached objects it is for: those that have all of these values. */
  identity: Record<string, unknown> | null;
}

/** Applies `patch` to every cached object with this identity under the resource's keys (lists, details). */
export function showInCache(client: QueryClient, entry: CachedPatch): void {
  if (!entry.patch || !entry.identity) return;
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
