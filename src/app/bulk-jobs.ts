/**
 * Bulk jobs being followed on this device (docs/decisions/0021-bulk-actions-and-list-keyboard.md):
 * the server processes a bulk action in batches; the app asks `GET /api/bulk/:id` for its progress
 * until it has finished, whichever screen is open, then says how it ended in a notice and refreshes
 * the area's data. A bulk action replayed from the outbox is followed the same way.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { BulkJob } from '@/contract/bulk';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import { notify, outcomeKind } from './notify';
import { noticeWithUndo } from './undo';

export interface TrackedJob {
  job: BulkJob;
  /** The area (query key) whose data the job changes. */
  resource: string;
  /** What was asked, in the words of the moment ("Confirm"). */
  label: string;
  /** The refused rows with their reasons, once finished. */
  refusals: BulkJob['rows'];
  /** Started on this screen (not replayed from the outbox): its end notice offers Undo. */
  undo: boolean;
}

const POLL_MS = 600;
let jobs: TrackedJob[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
let queryClient: QueryClient | null = null;

const put = (next: TrackedJob) => {
  jobs = [...jobs.filter((j) => j.job.id !== next.job.id), next];
  emit();
};

/** Every refused row of a finished job (pages of the server's answer). */
async function refusalsOf(id: number): Promise<BulkJob['rows']> {
  const out: BulkJob['rows'] = [];
  let from: number | null = 0;
  while (from !== null) {
    const page: BulkJob = (await call(routes.bulkJob, { params: { id }, query: { from, only: 'refused' } }))
      .data;
    out.push(...page.rows);
    from = page.next;
  }
  return out;
}

const summary = (t: TrackedJob) => {
  const { done, unchanged, refused } = t.job;
  return i18n._(msg`${t.label}: ${done} done, ${unchanged} already so, ${refused} refused.`);
};

async function follow(tracked: TrackedJob) {
  let current = tracked;
  while (current.job.state !== 'finished') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (!jobs.some((j) => j.job.id === current.job.id)) return; // dismissed
    try {
      const job = (await call(routes.bulkJob, { params: { id: current.job.id }, query: { from: 0 } })).data;
      current = { ...current, job: { ...job, rows: [] } };
      put(current);
    } catch {
      // No answer now (offline, a restart): asked again at the next tick.
    }
  }
  const refusals = current.job.refused > 0 ? await refusalsOf(current.job.id).catch(() => []) : [];
  current = { ...current, refusals };
  put(current);
  await queryClient?.invalidateQueries({ queryKey: [current.resource] });
  // Some done and some refused: partly done (docs/decisions/0030-partly-done-notices.md); records
  // already so count as done, as the action wanted them so.
  const kind = outcomeKind(current.job.done + current.job.unchanged, current.job.refused);
  // The rows it changed can be undone together (docs/decisions/0025-undo.md).
  if (current.undo && current.job.done > 0)
    noticeWithUndo(kind, summary(current), `bulk-${current.job.id}`, {
      resources: [current.resource],
      queryClient,
    });
  else notify[kind](summary(current));
}

/** Follows a job the server answered (started now, or replayed from the outbox). */
export function trackBulkJob(
  job: BulkJob,
  options: { resource: string; label: string; queryClient?: QueryClient | null; undo?: boolean },
) {
  if (options.queryClient) queryClient = options.queryClient;
  if (jobs.some((j) => j.job.id === job.id)) return;
  const tracked: TrackedJob = {
    job: { ...job, rows: [] },
    resource: options.resource,
    label: options.label,
    refusals: [],
    undo: options.undo ?? false,
  };
  put(tracked);
  void follow(tracked);
}

export function dismissBulkJob(id: number) {
  jobs = jobs.filter((j) => j.job.id !== id);
  emit();
}

/** The jobs followed on this device for one area (its progress bars). */
export function useBulkJobs(resource: string): TrackedJob[] {
  const all = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => jobs,
    () => jobs,
  );
  return all.filter((j) => j.resource === resource);
}
