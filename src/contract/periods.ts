/**
 * The dashboards' periods (docs/decisions/0068-dashboards-over-a-period.md): a named period or a
 * range of platform days (`YYYY-MM-DD`, both ends included), each compared with the days of the
 * same length just before it. Plain (no zod): the dashboard's route keeps them in its URL.
 */

/** Named periods, each ending today on the platform's clock ("month" and "year": so far). */
export const DASHBOARD_PERIODS = ['today', '7d', '30d', 'month', 'lastMonth', 'year'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
type PeriodName = DashboardPeriod | 'custom';
/** The dashboards' period when none is asked for: the last 30 days, today included. */
const DEFAULT_PERIOD: DashboardPeriod = '30d';
/** The longest range: three years of days. */
export const MAX_PERIOD_DAYS = 1096;

const DAY_MS = 86_400_000;
const utc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

/** `YYYY-MM-DD` plus n days. */
export const addDays = (day: string, n: number) => new Date(utc(day) + n * DAY_MS).toISOString().slice(0, 10);

/** The days from `from` to `to`, both included (1 for one day). */
export const daysOf = (from: string, to: string) => Math.round((utc(to) - utc(from)) / DAY_MS) + 1;

export interface PeriodAsked {
  period?: DashboardPeriod;
  from?: string;
  to?: string;
}

/** The days of a period, the name it goes by, and the period of the same length before it. */
export const resolvePeriod = (asked: PeriodAsked, today: string) => {
  const [name, from, to]: [PeriodName, string, string] =
    asked.from && asked.to
      ? ['custom', asked.from, asked.to]
      : (() => {
          const named = asked.period ?? DEFAULT_PERIOD;
          const monthStart = `${today.slice(0, 8)}01`;
          switch (named) {
            case 'today':
              return [named, today, today];
            case '7d':
              return [named, addDays(today, -6), today];
            case '30d':
              return [named, addDays(today, -29), today];
            case 'month':
              return [named, monthStart, today];
            case 'lastMonth': {
              const lastDay = addDays(monthStart, -1);
              return [named, `${lastDay.slice(0, 8)}01`, lastDay];
            }
            case 'year':
              return [named, `${today.slice(0, 4)}-01-01`, today];
          }
        })();
  const days = daysOf(from, to);
  return { name, from, to, days, previous: { from: addDays(from, -days), to: addDays(from, -1) } };
};
export type ResolvedPeriod = ReturnType<typeof resolvePeriod>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The dashboard's `validateSearch`: a named period, or a range's two days in their wire form (what
 * else the URL holds is dropped; the server judges the range, and its 422 is shown).
 */
export function dashboardSearch(raw: Record<string, unknown>): PeriodAsked {
  const period = (DASHBOARD_PERIODS as readonly unknown[]).includes(raw.period)
    ? (raw.period as DashboardPeriod)
    : undefined;
  const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined);
  const from = day(raw.from);
  const to = day(raw.to);
  return from && to ? { from, to } : period ? { period } : {};
}
