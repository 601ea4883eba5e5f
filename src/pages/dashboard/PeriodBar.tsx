/**
 * The dashboard's period (docs/decisions/0068-dashboards-over-a-period.md): a named period or a range
 * of days, kept in the URL, stated on screen with the platform's clock and the period compared with;
 * the range's two date fields load when "A range of days" is first chosen. "Print" prints the
 * dashboard (its print styles hide the shell and the controls).
 */
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useNavigate } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { FORMAT_LOCALES } from '@/app/i18n';
import { printCharts } from '@/components/charts/print';
import { Select } from '@/components/Select';
import { Button } from '@/components/ui';
import { PLATFORM_TIME_ZONE } from '@/contract/plain';
import { DASHBOARD_PERIODS, type DashboardPeriod, type PeriodAsked } from '@/contract/periods';
import { zoneLabel } from '@/lib/zone-label';
import { useFormat, type AdminData } from './dashboard-data';

const CustomRange = lazy(() => import('./CustomRange'));

const PERIOD_TEXT: Record<DashboardPeriod | 'custom', MessageDescriptor> = {
  today: msg`Today`,
  '7d': msg`Last 7 days`,
  '30d': msg`Last 30 days`,
  month: msg`This month`,
  lastMonth: msg`Last month`,
  year: msg`This year`,
  custom: msg`A range of days`,
};

export function PeriodBar({
  asked,
  data,
}: {
  asked: PeriodAsked;
  data?: Pick<AdminData, 'today' | 'period'>;
}) {
  const f = useFormat();
  const navigate = useNavigate();
  const go = (search: PeriodAsked) => void navigate({ to: '/', search });
  const clock = zoneLabel(new Date(), PLATFORM_TIME_ZONE, f.language, FORMAT_LOCALES[f.language]);
  const id = useId();
  const [custom, setCustom] = useState(Boolean(asked.from));
  const chosen = custom ? 'custom' : (asked.period ?? '30d');
  const p = data?.period;
  const days = p?.days ?? 0;
  return (
    <section aria-label={f.i18n._(msg`Period`)} className="space-y-2" data-testid="period-bar">
      <div className="flex flex-wrap items-end gap-3">
        <div className="print:hidden">
          <label htmlFor={id} className="mb-1 block text-sm font-medium">
            {f.i18n._(msg`Period`)}
          </label>
          <div className="w-52">
            <Select
              id={id}
              value={chosen}
              onChange={(next) => {
                const value = next as DashboardPeriod | 'custom';
                setCustom(value === 'custom');
                if (value !== 'custom') go(value === '30d' ? {} : { period: value });
              }}
              options={[...DASHBOARD_PERIODS, 'custom' as const].map((name) => ({
                value: name,
                label: f.i18n._(PERIOD_TEXT[name]),
              }))}
              testId="period-select"
            />
          </div>
        </div>
        {custom && (
          <Suspense fallback={<span className="text-sm">{f.i18n._(msg`Loading…`)}</span>}>
            <CustomRange
              from={asked.from ?? p?.from ?? ''}
              to={asked.to ?? p?.to ?? ''}
              onApply={(from, to) => go({ from, to })}
            />
          </Suspense>
        )}
        <Button
          variant="secondary"
          className="ms-auto print:hidden"
          data-testid="dashboard-print"
          onClick={() => void printCharts()}
        >
          <Printer aria-hidden="true" className="size-4" />
          {f.i18n._(msg`Print`)}
        </Button>
      </div>
      {data && p && (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="period-statement">
          {f.i18n._(msg`Today is ${f.fullDay(data.today)} on the platform’s clock (${clock}).`)}{' '}
          <span data-testid="period-range">
            {f.i18n._(
              msg`Showing ${f.fullDay(p.from)} – ${f.fullDay(p.to)} (${plural(days, { one: '# day', other: '# days' })}), compared with ${f.fullDay(p.previous.from)} – ${f.fullDay(p.previous.to)}.`,
            )}
          </span>
        </p>
      )}
    </section>
  );
}
