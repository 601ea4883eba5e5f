/** bench/budgets.json, typed. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface PageBudget {
  path: string;
  modules: string[];
  budget: { jsGzip: number };
  ceiling: { jsGzip: number; cssGzip: number };
}
/** A mix's budget: requests per second at least, p99 and peak memory at most. */
export interface MixedBudget {
  rps?: number;
  p99?: number;
  peakMb?: number;
}
export interface Budgets {
  pages: Record<string, PageBudget>;
  /** bench/sections/mixed.ts (docs/decisions/0020-every-list-on-an-index.md). */
  mixed?: {
    pglite?: MixedBudget;
    postgres100k?: MixedBudget;
    postgres1m?: MixedBudget;
    /** Requests per second at least, per workload of the PGlite 100k figures. */
    workloads?: Record<string, number>;
    /** The writes' p50 with the audit trail ÷ without, at most (PostgreSQL 100 k). */
    auditWriteCost?: number;
    /**
     * One connection on PGlite 100k: the p50 (ms) of the slowest sort or filter of the
     * bookings and events lists, and of each list's search with its total, at most.
     */
    oneConnection?: { sortOrFilterP50?: number; searchP50?: number };
    /** The PGlite server's memory when idle, at most (MB). */
    pgliteIdleMb?: number;
  };
  /** bench/sections/bulk.ts: other users' p99 beside the most bulk jobs ÷ their p99 alone, at most. */
  bulk?: { p99Ratio?: number };
  /**
   * bench/sections/door.ts: admissions per second at least and their p99 (ms) at most with ten
   * devices at once; the seconds 500 queued admissions take to sync, at most; and (door-scan) the
   * p95 (ms) of an offline scan to its verdict with 5,000 tickets kept and the CPU slowed 4×, at most.
   */
  door?: { admitRps?: number; admitP99?: number; syncSeconds?: number; scanP95?: number };
  /**
   * bench/sections/dashboard.ts: the admin dashboard over 365 days at one connection, p50 (ms) at
   * most, on PGlite 100 k and PostgreSQL 1 M bookings.
   */
  dashboard?: { pgliteP50?: number; postgresP50?: number };
  /** bench/sections/calendar.ts: a month of the events calendar on PGlite with 10,000 events, p50 (ms) at most. */
  calendar?: { pgliteP50?: number };
  /**
   * bench/sections/mail.ts: the seconds in which 10,000 guests' mails are queued, at most; mails
   * per second delivered to a local SMTP server with one and with two processes, at least; mails
   * received twice, at most.
   */
  mail?: { queueSeconds?: number; deliveryRps?: number; duplicates?: number };
}

export const readBudgets = (): Budgets =>
  JSON.parse(readFileSync(resolve('bench', 'budgets.json'), 'utf8')) as Budgets;
