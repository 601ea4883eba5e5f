/**
 * A day filter of moments names the viewer's clock
 * (docs/decisions/0031-venue-days-and-viewer-moments.md): its offset and its zone's name.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Language } from '@/contract';
import { FORMAT_LOCALES } from '@/app/i18n';
import { zoneLabel, zoneOffsetName } from '@/lib/zone-label';
import { viewerTimeZone } from '@/lib/zoned';

/** "Days on your clock: Kolkata (GMT+5:30).": under the control in a sheet, else its description only. */
export function ClockNote({
  id,
  filterKey,
  zoneName,
  shown,
}: {
  id: string;
  filterKey: string;
  zoneName: string;
  shown?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <p
      id={id}
      className={shown ? 'text-xs text-slate-500 dark:text-slate-400' : 'sr-only'}
      data-testid={`filter-${filterKey}-clock`}
    >
      {i18n._(msg`Days on your clock: ${zoneName}.`)}
    </p>
  );
}

/** An offset beside a filter's label ("GMT+5:30"): the control's description says it in full. */
export const Offset = ({ text }: { text: string }) => (
  <span aria-hidden="true" className="ms-1.5 text-xs font-normal text-slate-500 dark:text-slate-400">
    {text}
  </span>
);

/** The viewer's clock on a day (its offset that day, daylight saving included; today if none). */
export function viewerClock(day: string, language: Language) {
  const zone = viewerTimeZone();
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T12:00:00Z`) : new Date();
  const locales = FORMAT_LOCALES[language];
  return { zoneName: zoneLabel(at, zone, language, locales), offset: zoneOffsetName(at, zone, locales) };
}
