/**
 * The period's figures, each beside the previous period of the same length: up or down by how much
 * (in the reader's digits), or "No earlier figures" when the previous period had none
 * (docs/decisions/0068-dashboards-over-a-period.md).
 */
import { msg } from '@lingui/core/macro';
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
    <p className="mt-1 flex items-center gap-1 text-sm" data-testid={`${testId}-change`}>
      <Icon aria-hidden="true" className={`size-4 shrink-0 rtl:-scale-x-100 ${tone}`} />
      <span className={`font-medium tabular-nums ${tone}`}>
        {ratio > 0 ? f.i18n._(msg`Up`) : ratio < 0 ? f.i18n._(msg`Down`) : f.i18n._(msg`No change`)}
        {ratio !== 0 && ` ${f.percent(ratio)}`}
      </span>
      <span className="text-slate-700 dark:text-slate-300">
        {f.i18n._(msg`on the previous period (${before})`)}
      </span>
    </p>
  );
}

export function PeriodStats({ figures }: { figures: AdminData['figures'] }) {
  const f = useFormat();
  const cards = [
    { key: 'bookings', label: msg`Bookings made`, value: figures.bookings, format: f.count },
    { key: 'paid', label: msg`Bookings paid`, value: figures.paidBookings, format: f.count },
    { key: 'revenue', label: msg`Revenue`, value: figures.revenue, format: f.money },
  ] as const;
  return (
    <div className="grid gap-3 sm:grid-cols-3" data-testid="period-stats">
      {cards.map((c) => (
        <div key={c.key} className={card} data-testid={`period-${c.key}`}>
          <p className="text-sm text-slate-700 dark:text-slate-300">{f.i18n._(c.label)}</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`period-${c.key}-value`}>
            {c.format(c.value.current)}
          </p>
          <Change value={c.value} format={c.format} testId={`period-${c.key}`} />
        </div>
      ))}
    </div>
  );
}
