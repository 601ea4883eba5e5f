/**
 * What the live stream has said (docs/decisions/0019-live-updates-and-many-processes.md), for the
 * screens: changes by resource and record, who made them, and which records are open in a form. Tiny
 * and free of dependencies, so lists and forms read it on the first screen; the stream itself
 * (src/app/live.ts) loads after the first screen.
 */
import { useSyncExternalStore } from 'react';
import type { LiveChange } from '@/contract/live';

interface Arrived {
  change: LiveChange;
  /** When it arrived (Date.now()), to compare with a query's dataUpdatedAt. */
  arrivedAt: number;
}

/** The newest changes (enough for any open screen). */
const KEEP = 500;
let arrived: Arrived[] = [];
let me: number | null = null;
let revision = 0;
const listeners = new Set<() => void>();
const editing = new Map<string, number>();
const keyOf = (resource: string, id: number) => `${resource}:${id}`;

const emit = () => {
  revision++;
  for (const l of listeners) l();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const useRevision = () =>
  useSyncExternalStore(
    subscribe,
    () => revision,
    () => revision,
  );

/** The signed-in user (the stream's `ready`): their own changes are not announced to them. */
export const setLiveUser = (userId: number | null) => {
  me = userId;
};

export const recordLiveChanges = (changes: LiveChange[], now = Date.now()) => {
  if (!changes.length) return;
  arrived = [...arrived, ...changes.map((change) => ({ change, arrivedAt: now }))].slice(-KEEP);
  emit();
};

export const clearLiveChanges = () => {
  arrived = [];
  me = null;
  emit();
};

const byOthers = (a: Arrived) => a.change.actor === null || a.change.actor.id !== me;

/** How many records of `resource` others changed after `since` (a list's dataUpdatedAt). */
export const useLiveCount = (resource: string, since: number): number => {
  useRevision();
  const ids = new Set<number>();
  for (const a of arrived)
    if (a.change.resource === resource && a.arrivedAt > since && byOthers(a)) ids.add(a.change.id);
  return ids.size;
};

/** The newest change by someone else to a record newer than `version` (an open form's), or null. */
export const useLiveRecordChange = (
  resource: string,
  id: number | undefined,
  version: number | undefined,
) => {
  useRevision();
  if (id === undefined || version === undefined) return null;
  for (let i = arrived.length - 1; i >= 0; i--) {
    const a = arrived[i]!;
    if (a.change.resource !== resource || a.change.id !== id || !byOthers(a)) continue;
    if (a.change.action === 'delete' || (a.change.version ?? 0) > version) return a.change;
  }
  return null;
};

/** A form holds this record open: the stream does not reload it under the user's edits. */
export const markEditing = (resource: string, id: number): (() => void) => {
  const key = keyOf(resource, id);
  editing.set(key, (editing.get(key) ?? 0) + 1);
  return () => {
    const left = (editing.get(key) ?? 1) - 1;
    if (left > 0) editing.set(key, left);
    else editing.delete(key);
  };
};

export const isEditing = (resource: string, id: number) => editing.has(keyOf(resource, id));
