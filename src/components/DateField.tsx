/**
 * A date (and time) chosen in the reader's language and direction (docs/decisions/0026-venue-time-zones-and-date-pickers.md):
 * the value is shown as the locale writes it ("10 مارس ٢٠٢٧", "Mar 10, 2027"), never the browser's
 * mm/dd/yyyy; a calendar (react-day-picker, docs/decisions/0029-calendar-from-react-day-picker.md: a
 * separate chunk, loaded when first opened) picks the day, and two lists
 * the hour and minute on a 24-hour clock. The value stays the wire form: `YYYY-MM-DD` or
 * `YYYY-MM-DDTHH:mm` (a wall-clock time, its zone named by the caller).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { CalendarDays, X } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { Language } from '@/contract';
import { FORMAT_LOCALES } from '@/app/i18n';
import { useOutside } from '@/lib/useOutside';
import { cx, inputClass } from './ui';

const Calendar = lazy(() => import('./DateFieldCalendar'));

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME_RE = /T(\d{2}):(\d{2})/;

export interface DateFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Also the hour and minute (the value `YYYY-MM-DDTHH:mm`). */
  withTime?: boolean;
  /** The id of the trigger (a `<label htmlFor>` names it). */
  id?: string;
  /** `data-testid` of the value (a hidden input holding the wire form); the parts add -day, -hour, -minute. */
  testId: string;
  invalid?: boolean;
  describedBy?: string;
  /** An empty value is allowed: a "Clear" button empties it (filters, optional dates). */
  clearable?: boolean;
  onBlur?: () => void;
  className?: string;
}

export function DateField({
  value,
  onChange,
  withTime,
  id,
  testId,
  invalid,
  describedBy,
  clearable,
  onBlur,
  className,
}: DateFieldProps) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const locales = FORMAT_LOCALES[language];
  const autoId = useId();
  const triggerId = id ?? autoId;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const day = DAY_RE.exec(value);
  const time = TIME_RE.exec(value);
  const dayText = day ? `${day[1]}-${day[2]}-${day[3]}` : '';
  const hour = time ? Number(time[1]) : null;
  const minute = time ? Number(time[2]) : null;
  const number = (n: number) => new Intl.NumberFormat(locales, { minimumIntegerDigits: 2 }).format(n);

  const shown = day
    ? new Intl.DateTimeFormat(locales, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${dayText}T00:00:00Z`))
    : i18n._(msg`Choose a date`);

  const emit = (nextDay: string, h: number | null, m: number | null) => {
    if (!nextDay) return onChange('');
    onChange(withTime ? `${nextDay}T${pad(h ?? 18)}:${pad(m ?? 0)}` : nextDay);
  };

  useOutside(box, open, () => setOpen(false));

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
    onBlur?.();
  };
  const minutes = Array.from({ length: 12 }, (_, i) => i * 5);
  if (minute !== null && !minutes.includes(minute)) minutes.push(minute);
  minutes.sort((a, b) => a - b);

  return (
    <div ref={box} className={cx('relative', className)}>
      <div className="flex flex-wrap items-stretch gap-2">
        <button
          ref={trigger}
          id={triggerId}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cx(inputClass(Boolean(invalid)), 'flex min-w-40 flex-1 items-center gap-2 text-start')}
          onClick={() => setOpen((o) => !o)}
          data-testid={`${testId}-day`}
        >
          <CalendarDays className="size-4 shrink-0 text-slate-500" aria-hidden />
          <span className={day ? '' : 'text-slate-600 dark:text-slate-400'}>{shown}</span>
        </button>
        {withTime && (
          <span className="flex items-center gap-1" dir="ltr">
            <select
              aria-label={i18n._(msg`Hour`)}
              className={cx(inputClass(Boolean(invalid)), 'w-auto')}
              value={hour ?? ''}
              disabled={!day}
              onChange={(e) => emit(dayText, Number(e.target.value), minute)}
              onBlur={onBlur}
              data-testid={`${testId}-hour`}
            >
              {hour === null && <option value="">--</option>}
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>
                  {number(h)}
                </option>
              ))}
            </select>
            <span aria-hidden>:</span>
            <select
              aria-label={i18n._(msg`Minute`)}
              className={cx(inputClass(Boolean(invalid)), 'w-auto')}
              value={minute ?? ''}
              disabled={!day}
              onChange={(e) => emit(dayText, hour, Number(e.target.value))}
              onBlur={onBlur}
              data-testid={`${testId}-minute`}
            >
              {minute === null && <option value="">--</option>}
              {minutes.map((m) => (
                <option key={m} value={m}>
                  {number(m)}
                </option>
              ))}
            </select>
          </span>
        )}
        {clearable && day && (
          <button
            type="button"
            className="rounded px-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            aria-label={i18n._(msg`Clear the date`)}
            onClick={() => emit('', null, null)}
            data-testid={`${testId}-clear`}
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <input type="hidden" value={value} data-testid={testId} aria-invalid={invalid || undefined} readOnly />
      {open && (
        <div
          role="dialog"
          aria-label={i18n._(msg`Choose a date`)}
          className="absolute start-0 top-full z-30 mt-1 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <Suspense fallback={<p className="p-4 text-sm">{i18n._(msg`Loading…`)}</p>}>
            <Calendar
              value={dayText}
              locales={locales}
              testId={testId}
              onPick={(picked) => {
                emit(picked, hour, minute);
                close();
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
