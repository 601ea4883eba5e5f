/** Cell renderers shared by the areas' columns and read views. */
import type { MessageDescriptor } from '@lingui/core';
import type { ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import type { Language, Localized } from '@/contract';
import { PLATFORM_TIME_ZONE } from '@/contract/plain';
import { FORMAT_LOCALES } from '@/app/i18n';
import { profileImageUrl } from '@/app/session';
import { zoneLabel } from '@/lib/zone-label';
import { cx } from '@/components/ui';
import type { RenderContext } from './types';
import { dateTime, localizedText } from '@/lib/format';

export { dateTime, localizedText };

/*
 * A compact list (its table carries `data-density="compact"` and the `list` group:
 * docs/decisions/0082-dense-width-aware-tables.md) draws a cell's two lines as one: the second muted
 * after the first, each cut short with an ellipsis when the column's cap is reached.
 */
const compactLine =
  'group-data-[density=compact]/list:flex group-data-[density=compact]/list:items-baseline group-data-[density=compact]/list:gap-2';
const compactPart = 'group-data-[density=compact]/list:min-w-0 group-data-[density=compact]/list:truncate';

/** A cell's main text and a muted second one below it (beside it in a compact list). */
export function Lines({
  main,
  second,
  secondLanguage,
  strong = false,
}: {
  main: ReactNode;
  second?: ReactNode;
  /** The second text's language, when it is not the page's: its line is cut at its own end. */
  secondLanguage?: Language;
  strong?: boolean;
}) {
  return (
    <span className={cx('block', compactLine)}>
      <span className={cx('block', strong && 'font-medium', compactPart)}>{main}</span>
      {second ? (
        <span
          lang={secondLanguage}
          dir={secondLanguage ? (secondLanguage === 'ar' ? 'rtl' : 'ltr') : undefined}
          className={cx(
            'block text-xs text-slate-600 dark:text-slate-400',
            compactPart,
            'group-data-[density=compact]/list:shrink-[4]',
          )}
        >
          {second}
        </span>
      ) : null}
    </span>
  );
}

/** The record's name in the reader's language, the other language's value with it when different. */
export function LocalizedCell({ value, ctx }: { value: Localized | null | undefined; ctx: RenderContext }) {
  if (!value) return <span className="text-slate-500">—</span>;
  const other: Language = ctx.language === 'ar' ? 'en' : 'ar';
  const main = localizedText(value, ctx.language);
  const second = value[other];
  return (
    <Lines strong main={main} second={second && second !== main ? second : null} secondLanguage={other} />
  );
}

export function Badge({ tone, children }: { tone: Tone; children: React.ReactNode }) {
  const tones = {
    green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
    grey: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
    amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
    red: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  };
  return (
    <span
      className={cx('inline-block rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap', tones[tone])}
    >
      {children}
    </span>
  );
}

export type Tone = 'green' | 'grey' | 'amber' | 'red';

/** A badge component for one kind of status: its words and tones (the status in `data-status`). */
export function statusBadge<S extends string>(
  text: Record<S, MessageDescriptor>,
  tone: Record<S, Tone>,
  testId: string,
) {
  return function StatusOf({ status, ctx }: { status: S; ctx: RenderContext }) {
    return (
      <Badge tone={tone[status]}>
        <span data-testid={testId} data-status={status}>
          {ctx.i18n._(text[status])}
        </span>
      </Badge>
    );
  };
}

export const ActiveBadge = ({ active, ctx }: { active: boolean; ctx: RenderContext }) => (
  <Badge tone={active ? 'green' : 'grey'}>
    {active ? ctx.i18n._(msg`Active`) : ctx.i18n._(msg`Inactive`)}
  </Badge>
);

/**
 * An event's date and time on its venue's clock (`timeZone`, the venue's IANA zone), whatever the
 * device's zone, with the zone named: "Nov 25, 2026, 6:00 PM Muscat (GMT+4)" — the same wall-clock
 * time the event form shows (docs/decisions/0026-venue-time-zones-and-date-pickers.md).
 */
export const venueTime = (
  iso: string | null | undefined,
  timeZone: string | null | undefined,
  ctx: RenderContext,
): string => {
  if (!iso) return '—';
  const zone = timeZone || PLATFORM_TIME_ZONE;
  const instant = new Date(iso);
  const when = ctx.i18n.date(instant, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  const zoneName = zoneLabel(instant, zone, ctx.language, FORMAT_LOCALES[ctx.language]);
  // The date, then the clock's name: the same order in both languages.
  return `${when} ${zoneName}`;
};

export const dateOnly = (iso: string | null | undefined, ctx: RenderContext): string =>
  iso ? ctx.i18n.date(new Date(iso), { dateStyle: 'medium' }) : '—';

/** Codes, e-mail addresses and phone numbers read left to right in Arabic too. */
export const Ltr = ({ children }: { children: React.ReactNode }) => (
  <span dir="ltr" className="inline-block">
    {children}
  </span>
);

/**
 * An e-mail address in a list cell: left to right, and free to break anywhere, so one long address
 * cannot push Status and Actions past a 1280 px screen (docs/product.md §2).
 */
export const EmailText = ({ value }: { value: string }) => (
  <span dir="ltr" className="inline-block [overflow-wrap:anywhere]">
    {value}
  </span>
);

export const Thumbnail = ({ path, alt }: { path: string | null; alt: string }) =>
  path ? (
    <img
      src={profileImageUrl(path)}
      alt={alt}
      width={32}
      height={32}
      className="size-8 rounded object-contain"
    />
  ) : (
    <span className="text-slate-500">—</span>
  );

/** Account status codes (contract USER_STATUS) as words. */
export const STATUS_LABELS = {
  '0': msg`Pending`,
  '1': msg`Approved`,
  '2': msg`Rejected`,
  '3': msg`Blocked`,
} as const;
const STATUS_TONES = { '0': 'amber', '1': 'green', '2': 'red', '3': 'grey' } as const;

export const statusOptions = (['0', '1', '2', '3'] as const).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

export const StatusBadge = ({
  status,
  ctx,
  labels = STATUS_LABELS,
}: {
  status: keyof typeof STATUS_LABELS;
  ctx: RenderContext;
  labels?: Record<keyof typeof STATUS_LABELS, MessageDescriptor>;
}) => (
  <Badge tone={STATUS_TONES[status]}>
    <span data-testid="status" data-status={status}>
      {ctx.i18n._(labels[status])}
    </span>
  </Badge>
);
