/** The shapes every bench section returns and the context it gets. */
import { stat, type Stat } from './stats';

export interface Row extends Stat {
  section: string;
  figure: string;
  unit: string;
  /** The budget as shown, e.g. "< 130 kB" (absent when the issue sets none). */
  budget?: string;
  /** Whether the median meets the budget. */
  pass?: boolean;
}

export interface SectionResult {
  section: string;
  measuredAt: string;
  seconds: number;
  rows: Row[];
  notes: string[];
  details?: unknown;
  /** The commit measured (sections of an `--only` run are merged with older ones). */
  commit?: string;
}

export interface BenchContext {
  distDir: string;
  /** Runs per figure (the median is reported). */
  runs: number;
  /** Bookings in the PGlite dataset of the API figures. */
  pgliteBookings: number;
  /** Bookings in the PostgreSQL dataset (0 = skip PostgreSQL). */
  postgresBookings: number;
  postgresEvents: number;
  /** Booking counts of the scaling figure. */
  scaling: number[];
  log: (message: string) => void;
}

export const row = (
  section: string,
  figure: string,
  unit: string,
  s: Stat,
  budget?: { text: string; ok: (median: number) => boolean },
): Row => ({
  section,
  figure,
  unit,
  ...s,
  ...(budget ? { budget: budget.text, pass: budget.ok(s.median) } : {}),
});

/** A row of the median of `values`, against a budget of at least `min` or at most `max` (if any). */
export const budgetRow = (
  section: string,
  figure: string,
  unit: string,
  values: number[],
  budget: { min?: number; max?: number } | undefined,
): Row =>
  row(
    section,
    figure,
    unit,
    stat(values),
    budget?.min !== undefined
      ? { text: `≥ ${budget.min}`, ok: (m) => m >= budget.min! }
      : budget?.max !== undefined
        ? { text: `≤ ${budget.max}`, ok: (m) => m <= budget.max! }
        : undefined,
  );
