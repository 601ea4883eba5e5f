/**
 * Calendar arithmetic in the platform's time zone (PLATFORM_TIME_ZONE): the figures of the
 * dashboards and the date filters of the lists (the events list's are its venues' days,
 * docs/decisions/0031-venue-days-and-viewer-moments.md). Instants are computed in JS from the injected
 * clock and passed to indexed range queries (`created_at >= $start AND created_at < $end`), so no
 * query depends on the database's time zone data or its clock.
 */
import { PLATFORM_TIME_ZONE, WEEK_STARTS_ON } from '../../src/contract/areas/values';
import { addDays } from '../../src/contract/periods';

export { addDays };

const formatters = new Map<string, Intl.DateTimeFormat>();
const partsFormatter = (tz: string) => {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
};

/** The wall-clock fields of `at` in `tz`. */
const wall = (at: Date, tz: string) => {
  const p = Object.fromEntries(
    partsFormatter(tz)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return {
    y: Number(p.year),
    m: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour),
    min: Number(p.minute),
    s: Number(p.second),
  };
};

/** Offset of `tz` at `at` in ms (Riyadh: +3 h). */
const offsetAt = (at: Date, tz: string) => {
  const w = wall(at, tz);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(at.getTime() / 1000) * 1000;
};

/** The platform day of an instant: `YYYY-MM-DD`. */
export const dayOf = (at: Date, tz = PLATFORM_TIME_ZONE) => {
  const w = wall(at, tz);
  return `${w.y}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`;
};

/** The instant a day (`YYYY-MM-DD`) reaches `hour` o'clock on the clock of `tz`. */
export const atHour = (day: string, hour: number, tz = PLATFORM_TIME_ZONE): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour);
  const first = guess - offsetAt(new Date(guess), tz);
  return new Date(guess - offsetAt(new Date(first), tz));
};

/** The instant a platform day (`YYYY-MM-DD`) begins. */
export const startOfDay = (day: string, tz = PLATFORM_TIME_ZONE): Date => atHour(day, 0, tz);

/**
 * The clocks furthest ahead of and behind UTC (UTC+14, UTC−12; IANA's `Etc` zones count the other
 * way): any venue's day D lies between D's start on the first and D's end on the second.
 */
export const EARLIEST_ZONE = 'Etc/GMT-14';
export const LATEST_ZONE = 'Etc/GMT+12';

/** Day boundaries around `now`: today, this week (from WEEK_STARTS_ON), this month. */
export const periods = (now: Date, tz = PLATFORM_TIME_ZONE) => {
  const today = dayOf(now, tz);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const weekStart = addDays(today, -((weekday - WEEK_STARTS_ON + 7) % 7));
  const monthStart = `${today.slice(0, 8)}01`;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const nextMonth = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return {
    today,
    /** The first days of this week and this month. */
    weekFirstDay: weekStart,
    monthFirstDay: monthStart,
    dayStart: startOfDay(today, tz),
    dayEnd: startOfDay(addDays(today, 1), tz),
    weekStart: startOfDay(weekStart, tz),
    weekEnd: startOfDay(addDays(weekStart, 7), tz),
    monthStart: startOfDay(monthStart, tz),
    monthEnd: startOfDay(nextMonth, tz),
  };
};
