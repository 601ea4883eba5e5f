/**
 * The month grid of DateField (a separate chunk, loaded when a calendar is first opened): react-day-picker
 * (docs/decisions/0029-calendar-from-react-day-picker.md) in the reader's language — month names and
 * labels of its Arabic locale, Arabic-Indic digits (`numerals="arab"`), weekday names as `Intl`
 * writes them (as the rest of the app does) — weeks from Sunday, laid out and keyed in the page's
 * direction: arrows move a day or a week (left and right follow `dir`), Page Up / Page Down a month
 * (with Shift a year), Home / End the week, Enter picks. Styled with the app's Tailwind classes; the
 * library's stylesheet is not loaded.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMemo, type ChangeEvent } from 'react';
import {
  DayButton,
  DayPicker,
  type ClassNames,
  type CustomComponents,
  type DayButtonProps,
  type DayProps,
  type DropdownProps,
  type Formatters,
} from 'react-day-picker';
import { ar } from 'react-day-picker/locale/ar';
import { enUS } from 'react-day-picker/locale/en-US';
import type { Language } from '@/contract';
import { Select } from './Select';

const WEEK_STARTS_ON = 0;
/** Years in the year list around this year (the chosen day's year is always in it). */
const YEARS_AROUND = 10;
const pad = (n: number) => String(n).padStart(2, '0');
/** A day of the picker (local midnight) as the wire form `YYYY-MM-DD`. */
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const parse = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
};

const navClass =
  'rounded p-1.5 text-slate-700 hover:bg-slate-100 disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-800';

const classNames: Partial<ClassNames> = {
  root: 'w-72 sm:w-80',
  months: 'relative',
  // Previous, the month and year lists, next on one line (navLayout="around"), the grid below.
  month: 'grid grid-cols-[auto_1fr_auto] items-center gap-y-2',
  month_caption: 'flex justify-center',
  dropdowns: 'flex items-center gap-1',
  button_previous: navClass,
  button_next: navClass,
  chevron: 'size-4 fill-current',
  month_grid: 'col-span-3 w-full table-fixed border-collapse',
  weekdays: 'text-xs text-slate-600 dark:text-slate-400',
  weekday: 'py-1 text-center font-normal',
  day: 'p-0 text-center text-sm',
  day_button:
    'h-9 w-full rounded hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-slate-800',
  // Modifiers style the cell; the button inherits (see `[&>button]`).
  selected:
    '[&>button]:bg-indigo-600 [&>button]:font-semibold [&>button]:text-white [&>button]:hover:bg-indigo-700',
  today: '[&:not([data-selected])>button]:ring-1 [&:not([data-selected])>button]:ring-indigo-500',
  outside: '[&:not([data-selected])]:text-slate-500 dark:[&:not([data-selected])]:text-slate-400',
};

/**
 * The parts drawn our way, made once per field (stable, so React keeps them, and their focus,
 * across renders): the month and year lists are the app's Select (docs/decisions/0081-one-control-family.md),
 * named for tests; the library's change handler reads `event.target.value`, as from a native select.
 */
const calendarComponents = (testId: string): Partial<CustomComponents> => {
  const list = (part: 'month' | 'year') =>
    function CalendarList({ options, value, onChange, disabled, 'aria-label': label }: DropdownProps) {
      return (
        <div className={part === 'month' ? 'w-32' : 'w-24'}>
          <Select
            value={String(value ?? '')}
            onChange={(next) => onChange?.({ target: { value: next } } as ChangeEvent<HTMLSelectElement>)}
            options={(options ?? []).map((o) => ({
              value: String(o.value),
              label: o.label,
              disabled: o.disabled,
            }))}
            ariaLabel={label}
            disabled={disabled}
            testId={`${testId}-${part}`}
          />
        </div>
      );
    };
  return {
    MonthsDropdown: list('month'),
    YearsDropdown: list('year'),
    // `data-day` in the wire form: the library writes it with the chosen numerals (Arabic-Indic).
    Day: function CalendarDay({ day, modifiers: _, ...props }: DayProps) {
      return <td {...props} data-day={iso(day.date)} />;
    },
    // Today is marked as the old grid marked it (the label is the date alone, see labelDayButton).
    DayButton: function CalendarDayButton(props: DayButtonProps) {
      return <DayButton {...props} aria-current={props.modifiers.today ? 'date' : undefined} />;
    },
  };
};

export default function DateFieldCalendar({
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
  const language = i18n.locale as Language;
  const rtl = language === 'ar';
  const selected = parse(value);

  const thisYear = new Date().getFullYear();
  const startMonth = new Date(Math.min(thisYear - YEARS_AROUND, selected?.getFullYear() ?? thisYear), 0, 1);
  const endMonth = new Date(Math.max(thisYear + YEARS_AROUND, selected?.getFullYear() ?? thisYear), 11, 1);

  const intl = useMemo(
    () => ({
      weekday: new Intl.DateTimeFormat(locales, { weekday: 'short' }),
      full: new Intl.DateTimeFormat(locales, { dateStyle: 'full' }),
    }),
    [locales],
  );
  const formatters = useMemo<Partial<Formatters>>(
    () => ({ formatWeekdayName: (date) => intl.weekday.format(date) }),
    [intl],
  );

  const components = useMemo(() => calendarComponents(testId), [testId]);

  return (
    <div data-testid={`${testId}-calendar`}>
      <DayPicker
        mode="single"
        required
        selected={selected}
        onSelect={(_, day) => onPick(iso(day))}
        defaultMonth={selected}
        startMonth={startMonth}
        endMonth={endMonth}
        captionLayout="dropdown"
        navLayout="around"
        showOutsideDays
        fixedWeeks
        autoFocus
        locale={rtl ? ar : enUS}
        numerals={rtl ? 'arab' : 'latn'}
        dir={rtl ? 'rtl' : 'ltr'}
        weekStartsOn={WEEK_STARTS_ON}
        formatters={formatters}
        labels={{
          // The full date as Intl writes it: its digits are the ones shown ("5", "٥"; the library's
          // English label says "5th", which axe finds does not match the visible name).
          labelDayButton: (date) => intl.full.format(date),
          labelPrevious: () => i18n._(msg`Previous month`),
          labelNext: () => i18n._(msg`Next month`),
          labelMonthDropdown: () => i18n._(msg`Month`),
          labelYearDropdown: () => i18n._(msg`Year`),
        }}
        classNames={classNames}
        components={components}
      />
    </div>
  );
}
