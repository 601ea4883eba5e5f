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
import { lazy, Suspense, useId, useRef } from 'react';
import { cx, inputClass } from './ui';
import { HOURS, useDateField, type DateFieldControl } from './useDateField';

const Calendar = lazy(() => import('./DateFieldCalendar'));

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
  const autoId = useId();
  const triggerId = id ?? autoId;
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const field = useDateField({ value, onChange, withTime, onBlur, box, trigger });

  return (
    <div ref={box} className={cx('relative', className)}>
      <div className="flex flex-wrap items-stretch gap-2">
        <button
          ref={trigger}
          id={triggerId}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={field.open}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cx(inputClass(Boolean(invalid)), 'flex min-w-40 flex-1 items-center gap-2 text-start')}
          onClick={field.toggle}
          data-testid={`${testId}-day`}
        >
          <CalendarDays className="size-4 shrink-0 text-slate-500" aria-hidden />
          <span className={field.hasDay ? '' : 'text-slate-600 dark:text-slate-400'}>{field.shown}</span>
        </button>
        {withTime && (
          <span className="flex items-center gap-1" dir="ltr">
            <ClockSelect
              label={i18n._(msg`Hour`)}
              value={field.hour}
              options={HOURS}
              field={field}
              invalid={invalid}
              onPick={(h) => field.emit(field.dayText, h, field.minute)}
              onBlur={onBlur}
              testId={`${testId}-hour`}
            />
            <span aria-hidden>:</span>
            <ClockSelect
              label={i18n._(msg`Minute`)}
              value={field.minute}
              options={field.minutes}
              field={field}
              invalid={invalid}
              onPick={(m) => field.emit(field.dayText, field.hour, m)}
              onBlur={onBlur}
              testId={`${testId}-minute`}
            />
          </span>
        )}
        {clearable && field.hasDay && (
          <button
            type="button"
            className="rounded px-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            aria-label={i18n._(msg`Clear the date`)}
            onClick={() => field.emit('', null, null)}
            data-testid={`${testId}-clear`}
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <input type="hidden" value={value} data-testid={testId} aria-invalid={invalid || undefined} readOnly />
      {field.open && <CalendarPopup field={field} testId={testId} />}
    </div>
  );
}

/** The hour or the minute list: "--" until the value has a time, the numbers in the reader's digits. */
function ClockSelect({
  label,
  value,
  options,
  field,
  invalid,
  onPick,
  onBlur,
  testId,
}: {
  label: string;
  value: number | null;
  options: readonly number[];
  field: DateFieldControl;
  invalid?: boolean;
  onPick: (n: number) => void;
  onBlur?: () => void;
  testId: string;
}) {
  return (
    <select
      aria-label={label}
      className={cx(inputClass(Boolean(invalid)), 'w-auto')}
      value={value ?? ''}
      disabled={!field.hasDay}
      onChange={(e) => onPick(Number(e.target.value))}
      onBlur={onBlur}
      data-testid={testId}
    >
      {value === null && <option value="">--</option>}
      {options.map((n) => (
        <option key={n} value={n}>
          {field.number(n)}
        </option>
      ))}
    </select>
  );
}

/** The calendar below the field (loaded with its first opening); Escape closes it. */
function CalendarPopup({ field, testId }: { field: DateFieldControl; testId: string }) {
  const { i18n } = useLingui();
  return (
    <div
      role="dialog"
      aria-label={i18n._(msg`Choose a date`)}
      className="absolute start-0 top-full z-30 mt-1 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          field.close();
        }
      }}
    >
      <Suspense fallback={<p className="p-4 text-sm">{i18n._(msg`Loading…`)}</p>}>
        <Calendar
          value={field.dayText}
          locales={field.locales}
          testId={testId}
          onPick={(picked) => {
            field.emit(picked, field.hour, field.minute);
            field.close();
          }}
        />
      </Suspense>
    </div>
  );
}
