/**
 * A date (and time) chosen in the reader's language and direction (docs/decisions/0026-venue-time-zones-and-date-pickers.md):
 * the value is shown as the locale writes it ("10 مارس ٢٠٢٧", "Mar 10, 2027"), never the browser's
 * mm/dd/yyyy; a calendar (react-day-picker, docs/decisions/0029-calendar-from-react-day-picker.md: a
 * separate chunk, loaded when first opened) picks the day, and one time control of the app's control
 * family (docs/decisions/0081-one-control-family.md) the time: a list of the quarter hours that also
 * takes a time typed as HH:mm, on a 24-hour clock in the reader's digits. The value stays the wire form:
 * `YYYY-MM-DDTHH:mm` (a wall-clock time, its zone named by the caller).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { CalendarDays, X } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Combobox } from './Select';
import { cx, inputClass } from './ui';
import { useDateField, type DateFieldControl } from './useDateField';

const Calendar = lazy(() => import('./DateFieldCalendar'));

export interface DateFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Also the hour and minute (the value `YYYY-MM-DDTHH:mm`). */
  withTime?: boolean;
  /** The id of the trigger (a `<label htmlFor>` names it). */
  id?: string;
  /** `data-testid` of the value (a hidden input holding the wire form); the parts add -day, -time, -clear. */
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
    <div ref={box} className={cx('relative', className)} {...field.inside}>
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
          <TimeControl field={field} invalid={invalid} onBlur={onBlur} testId={`${testId}-time`} />
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

/** The time: the quarter hours listed, a typed HH:mm taken; "--:--" until the value has a day. */
function TimeControl({
  field,
  invalid,
  onBlur,
  testId,
}: {
  field: DateFieldControl;
  invalid?: boolean;
  onBlur?: () => void;
  testId: string;
}) {
  const { i18n } = useLingui();
  const [typed, setTyped] = useState('');
  const label = i18n._(msg`Time`);
  return (
    // The input look's full width, in a box the width of a time.
    <div className="w-28 shrink-0">
      <Combobox
        value={field.time}
        onChange={(hhmm) => field.emit(field.dayText, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3)))}
        options={field.times}
        placeholder="--:--"
        ariaLabel={label}
        invalid={invalid}
        disabled={!field.hasDay}
        onBlur={onBlur}
        testId={testId}
        // An example time as the empty box's text says that one may be typed.
        search={{ label, value: typed, onChange: setTyped, placeholder: field.typedTime('09:40')?.label }}
        accept={field.typedTime}
      />
    </div>
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
        // Escape in the caption's month or year list closes that list alone.
        if (e.key === 'Escape' && !(e.target as Element).closest('[role="listbox"]')) {
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
