/**
 * The dashboard's range of days (loaded when first chosen, docs/decisions/0068-dashboards-over-a-period.md):
 * the app's two date fields and "Show"; an end before the start, or more than three years, is said
 * here before it is asked for.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { DateField } from '@/components/DateField';
import { Button } from '@/components/ui';
import { daysOf, MAX_PERIOD_DAYS } from '@/contract/periods';

export default function CustomRange({
  from: initialFrom,
  to: initialTo,
  onApply,
}: {
  from: string;
  to: string;
  onApply: (from: string, to: string) => void;
}) {
  const { i18n } = useLingui();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const error =
    from && to && to < from
      ? i18n._(msg`The end date cannot be before the start date`)
      : from && to && daysOf(from, to) > MAX_PERIOD_DAYS
        ? i18n._(msg`Choose at most ${i18n.number(MAX_PERIOD_DAYS)} days`)
        : null;
  return (
    <form
      className="flex flex-wrap items-end gap-3 print:hidden"
      onSubmit={(e) => {
        e.preventDefault();
        if (from && to && !error) onApply(from, to);
      }}
    >
      <div>
        <label htmlFor={fromId} className="mb-1 block text-sm font-medium">
          {i18n._(msg`From`)}
        </label>
        <DateField
          id={fromId}
          value={from}
          onChange={setFrom}
          testId="period-from"
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
        />
      </div>
      <div>
        <label htmlFor={toId} className="mb-1 block text-sm font-medium">
          {i18n._(msg`To`)}
        </label>
        <DateField
          id={toId}
          value={to}
          onChange={setTo}
          testId="period-to"
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
        />
      </div>
      <Button type="submit" disabled={!from || !to || Boolean(error)} data-testid="period-apply">
        {i18n._(msg`Show`)}
      </Button>
      {error && (
        <p id={errorId} role="alert" className="basis-full text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
