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
/** The times listed by the time control: every quarter hour, on a 24-hour clock. */
const QUARTERS = Array.from({ length: 96 }, (_, i) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`);
/** Arabic-Indic digits typed in a time, read as the wire's digits. */
const latin = (text: string) => text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660));
const TYPED_TIME_RE = /^(\d{1,2})\s*[:.٫]?\s*(\d{2})$/;

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
  const twoDigits = new Intl.NumberFormat(locales, { minimumIntegerDigits: 2, useGrouping: false });
  const number = (n: number) => twoDigits.format(n);

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

  const inside = useOutside(box, open, () => setOpen(false));

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
    onBlur?.();
  };
  /** A time as the reader writes it: "09:40", "٠٩:٤٠". */
  const clock = (hhmm: string) => `${number(Number(hhmm.slice(0, 2)))}:${number(Number(hhmm.slice(3)))}`;
  const chosenTime = time ? `${time[1]}:${time[2]}` : '';
  const times = (
    chosenTime && !QUARTERS.includes(chosenTime) ? [...QUARTERS, chosenTime].sort() : QUARTERS
  ).map((hhmm) => ({ value: hhmm, label: clock(hhmm) }));
  /** A time typed in either digit system ("9:40", "0940", "٩:٤٠") as a choice, else null. */
  const typedTime = (text: string) => {
    const m = TYPED_TIME_RE.exec(latin(text.trim()));
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
    const hhmm = `${pad(Number(m[1]))}:${m[2]}`;
    return { value: hhmm, label: clock(hhmm) };
  };

  return {
    locales,
    open,
    toggle: () => setOpen((o) => !o),
    hasDay: day !== null,
    dayText,
    hour,
    minute,
    time: chosenTime,
    times,
    typedTime,
    inside,
    shown,
    emit,
    close,
  };
}

export type DateFieldControl = ReturnType<typeof useDateField>;
