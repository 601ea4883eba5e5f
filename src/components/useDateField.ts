/**
 * The state of a DateField (src/components/DateField.tsx): its value read as a day, an hour and a
 * minute, the text it shows, whether its calendar is open, and what a pick, a clear or a closing does.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useState, type RefObject } from 'react';
import type { Language } from '@/contract';
import { FORMAT_LOCALES } from '@/app/i18n';
import { useOutside } from '@/lib/useOutside';
import type { DateFieldProps } from './DateField';

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME_RE = /T(\d{2}):(\d{2})/;
/** The hours of the hour list, on a 24-hour clock. */
export const HOURS = Array.from({ length: 24 }, (_, h) => h);

type DateFieldState = Pick<DateFieldProps, 'value' | 'onChange' | 'withTime' | 'onBlur'> & {
  /** The field (a click or focus outside it closes the calendar) and its trigger (focused on closing). */
  box: RefObject<HTMLDivElement | null>;
  trigger: RefObject<HTMLButtonElement | null>;
};

export function useDateField({ value, onChange, withTime, onBlur, box, trigger }: DateFieldState) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const locales = FORMAT_LOCALES[language];
  const [open, setOpen] = useState(false);
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

  return {
    locales,
    open,
    toggle: () => setOpen((o) => !o),
    hasDay: day !== null,
    dayText,
    hour,
    minute,
    minutes,
    number,
    shown,
    emit,
    close,
  };
}

export type DateFieldControl = ReturnType<typeof useDateField>;
