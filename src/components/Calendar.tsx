/**
 * The month grid of DateField (loaded when a date is first chosen): month and year lists, weekday
 * names and day numbers in the reader's locale (Arabic-Indic digits in Arabic), weeks from Sunday
 * (WEEK_STARTS_ON), laid out in the page's direction. Keys: arrows move a day or a week (left and
 * right follow the direction), Page Up / Page Down a month, Home / End the week, Enter picks.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ChevronLeft } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { cx } from './ui';

const WEEK_STARTS_ON = 0;
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const parse = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : null);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const addMonths = (d: Date, n: number) => {
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return target;
};
const today = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
};

export default function Calendar({
  value,
  locales,
  testId,
  onPick,
}: {
  value: string;
  locales: string[];
  testId: string;
  onPick: (day: string) => void;
}) {
  const { i18n } = useLingui();
  const [focus, setFocus] = useState<Date>(() => parse(value) ?? today());
  const grid = useRef<HTMLDivElement>(null);
  const fmt = useMemo(
    () => ({
      month: new Intl.DateTimeFormat(locales, { month: 'long', timeZone: 'UTC' }),
      weekday: new Intl.DateTimeFormat(locales, { weekday: 'short', timeZone: 'UTC' }),
      full: new Intl.DateTimeFormat(locales, { dateStyle: 'full', timeZone: 'UTC' }),
      number: new Intl.NumberFormat(locales, { useGrouping: false }),
    }),
    [locales],
  );

  const year = focus.getUTCFullYear();
  const month = focus.getUTCMonth();
  const first = new Date(Date.UTC(year, month, 1));
  const start = addDays(first, -((first.getUTCDay() - WEEK_STARTS_ON + 7) % 7));
  const weeks = Array.from({ length: 6 }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)),
  );
  const years = Array.from({ length: 21 }, (_, i) => today().getUTCFullYear() - 10 + i);
  if (!years.includes(year)) years.push(year);
  years.sort((a, b) => a - b);
  const chosen = value.slice(0, 10);
  const todayIso = iso(today());

  // The focused day takes the focus when it moves (keys, month change).
  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${iso(focus)}"]`)?.focus();
  }, [focus]);

  const onKey = (event: React.KeyboardEvent) => {
    // Left and right follow the direction the grid is laid out in.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focus, rtl ? 1 : -1),
      ArrowRight: () => addDays(focus, rtl ? -1 : 1),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      PageUp: () => addMonths(focus, -1),
      PageDown: () => addMonths(focus, 1),
      Home: () => addDays(focus, -((focus.getUTCDay() - WEEK_STARTS_ON + 7) % 7)),
      End: () => addDays(focus, 6 - ((focus.getUTCDay() - WEEK_STARTS_ON + 7) % 7)),
    };
    const next = step[event.key];
    if (!next) return;
    event.preventDefault();
    setFocus(next());
  };

  const navClass =
    'rounded p-1.5 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
  const selectClass =
    'rounded-md border border-slate-400 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900';
  return (
    <div className="w-72 space-y-2" data-testid={`${testId}-calendar`}>
      <div className="flex items-center justify-between gap-1">
        <button
          type="button"
          className={navClass}
          aria-label={i18n._(msg`Previous month`)}
          onClick={() => setFocus(addMonths(focus, -1))}
        >
          <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden />
        </button>
        <select
          aria-label={i18n._(msg`Month`)}
          className={selectClass}
          value={month}
          onChange={(e) => setFocus(addMonths(focus, Number(e.target.value) - month))}
          data-testid={`${testId}-month`}
        >
          {Array.from({ length: 12 }, (_, m) => (
            <option key={m} value={m}>
              {fmt.month.format(new Date(Date.UTC(2000, m, 1)))}
            </option>
          ))}
        </select>
        <select
          aria-label={i18n._(msg`Year`)}
          className={selectClass}
          value={year}
          onChange={(e) => setFocus(addMonths(focus, (Number(e.target.value) - year) * 12))}
          data-testid={`${testId}-year`}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {fmt.number.format(y)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={navClass}
          aria-label={i18n._(msg`Next month`)}
          onClick={() => setFocus(addMonths(focus, 1))}
        >
          <ChevronLeft className="size-4 rotate-180 rtl:rotate-0" aria-hidden />
        </button>
      </div>
      <div ref={grid} role="grid" aria-label={fmt.full.format(focus)} onKeyDown={onKey}>
        <div role="row" className="grid grid-cols-7 text-center text-xs text-slate-600 dark:text-slate-400">
          {weeks[0]!.map((d) => (
            <span key={d.getUTCDay()} role="columnheader" className="py-1">
              {fmt.weekday.format(d)}
            </span>
          ))}
        </div>
        {weeks.map((week) => (
          <div role="row" key={iso(week[0]!)} className="grid grid-cols-7">
            {week.map((d) => {
              const key = iso(d);
              const inMonth = d.getUTCMonth() === month;
              const selected = key === chosen;
              return (
                <span role="gridcell" key={key} aria-selected={selected}>
                  <button
                    type="button"
                    tabIndex={key === iso(focus) ? 0 : -1}
                    aria-label={fmt.full.format(d)}
                    aria-current={key === todayIso ? 'date' : undefined}
                    data-day={key}
                    className={cx(
                      'h-9 w-full rounded text-sm',
                      selected
                        ? 'bg-indigo-600 font-semibold text-white'
                        : 'hover:bg-slate-100 dark:hover:bg-slate-800',
                      !selected && !inMonth && 'text-slate-500',
                      !selected && key === todayIso && 'ring-1 ring-indigo-500',
                    )}
                    onClick={() => onPick(key)}
                  >
                    {fmt.number.format(d.getUTCDate())}
                  </button>
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
