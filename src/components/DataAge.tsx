/**
 * How old the data on screen is ("Updated 3 hours ago"), for screens read from the device's copy
 * (docs/decisions/0008-offline-outbox-and-cache.md). Shown while offline or unreachable, or once the copy is older than a minute.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { History } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useConnection } from '@/app/connection';
import { FORMAT_LOCALES } from '@/app/i18n';
import type { Language } from '@/contract';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago" in the reader's language (minutes at least: "0 minutes ago" reads "now"). */
function ageText(ms: number, language: Language): string {
  const format = new Intl.RelativeTimeFormat(FORMAT_LOCALES[language], { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (ms >= size) return format.format(-Math.floor(ms / size), unit);
  return format.format(0, 'minute');
}

export function DataAge({ updatedAt }: { updatedAt: number }) {
  const { i18n } = useLingui();
  const connection = useConnection();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!updatedAt) return null;
  const age = Math.max(0, now - updatedAt);
  if (connection === 'online' && age < 60_000) return null;
  return (
    <p
      className="inline-flex items-center gap-1 text-sm text-slate-700 dark:text-slate-300"
      data-testid="data-age"
      title={new Date(updatedAt).toLocaleString(FORMAT_LOCALES[i18n.locale as Language])}
    >
      <History aria-hidden="true" className="size-4" />
      {i18n._(msg`Updated ${ageText(age, i18n.locale as Language)}`)}
    </p>
  );
}
