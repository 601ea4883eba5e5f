/**
 * The dashboards' figures, each with its unit and, where a previous period exists, beside it: up or
 * down by how much (in the reader's digits), or "No earlier figures" when the previous period had none
 * (docs/decisions/0068-dashboards-over-a-period.md, 0083-a-dashboard-that-leads-to-work.md).
 */
import { msg, plural } from '@lingui/core/macro';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { card, useFormat, type AdminData } from './dashboard-data';

type Compared = AdminData['figures']['bookings'];

function Change({
  value,
  format,
  testId,
}: {
  value: Compared;
  format: (n: number) => string;
  testId: string;
}) {
  const f = useFormat();
  const { current, previous } = value;
  if (previous === 0)
    return (
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid={`${testId}-change`}>
        {f.i18n._(msg`No earlier figures`)}
      </p>
    );
  const ratio = (current - previous) / previous;
  const Icon = ratio > 0 ? ArrowUpRight : ratio < 0 ? ArrowDownRight : ArrowRight;
  const tone =
    ratio > 0
      ? 'text-emerald-700 dark:text-emerald-300'
      : ratio < 0
        ? 'text-red-700 dark:text-red-300'
        : 'text-slate-700 dark:text-slate-300';
  const before = format(previous);
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-1 text-sm" data-testid={`${testId}-change`}>
      <Icon aria-hidden="true" className={`size-4 shrink-0 rtl:-scale-x-100 ${tone}`} />
      <span className={`font-medium whitespace-nowrap tabular-nums ${tone}`}>
        {ratio > 0 ? f.i18n._(msg`Up`) : ratio < 0 ? f.i18n._(msg`Down`) : f.i18n._(msg`No change`)}
        {ratio !== 0 && ` ${f.percent(ratio)}`}
      </span>
      <span className="text-slate-700 dark:text-slate-300">
        {f.i18n._(msg`on the previous period (${before})`)}
      </span>
    </p>
  );
}

/** A figure's unit: bookings are counted ("bookings"), money says its currency in its own format. */
export type FigureKind = 'bookings' | 'money';

/**
 * One figure, the same way on every card: its label, its value with its unit and, where a previous
 * period exists, its change against it.
 */
export function FigureCard({
  testId,
  label,
  value,
  kind,
  previous,
}: {
  testId: string;
  label: string;
  value: number;
  kind: FigureKind;
  previous?: number;
}) {
  const f = useFormat();
  const format = kind === 'money' ? f.money : f.count;
  return (
    <div className={card} data-testid={testId}>
      <p className="text-sm text-slate-700 dark:text-slate-300">{label}</p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-1.5" data-testid={`${testId}-value`}>
        <span className="text-2xl font-semibold tabular-nums">{format(value)}</span>
        {kind === 'bookings' && (
          <span className="text-sm text-slate-700 dark:text-slate-300" data-testid={`${testId}-unit`}>
            {f.i18n._(msg`${plural(value, { one: 'booking', other: 'bookings' })}`)}
          </span>
        )}
      </p>
      {previous !== undefined && (
        <Change value={{ current: value, previous }} format={format} testId={testId} />
      )}
    </div>
  );
}

export function PeriodStats({ figures }: { figures: AdminData['figures'] }) {
  const f = useFormat();
  const cards = [
    { key: 'bookings', label: msg`Bookings made`, value: figures.bookings, kind: 'bookings' },
    { key: 'paid', label: msg`Bookings paid`, value: figures.paidBookings, kind: 'bookings' },
    { key: 'revenue', label: msg`Revenue`, value: figures.revenue, kind: 'money' },
  ] as const;
  return (
    <div className="grid gap-3 sm:grid-cols-3" data-testid="period-stats">
      {cards.map((c) => (
        <FigureCard
          key={c.key}
          testId={`period-${c.key}`}
          label={f.i18n._(c.label)}
          value={c.value.current}
          previous={c.value.previous}
          kind={c.kind}
        />
      ))}
    </div>
  );
}
