/** The list's filters, one control per filter definition (select, yes/no, reference, date). */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import type { Language } from '@/contract';
import { FORMAT_LOCALES } from '@/app/i18n';
import { DateField } from '@/components/DateField';
import { cx, inputClass } from '@/components/ui';
import { zoneLabel, zoneOffsetName } from '@/lib/zone-label';
import { viewerTimeZone } from '@/lib/zoned';
import { usePickerChoices } from './pickers';
import type { ListSearch } from './search';
import type { AreaFilter } from './types';

/** Widths of a filter in the bar (px, with its gap): ListControls fits as many as the bar holds. */
export const FILTER_WIDTH = { date: 220, other: 188 } as const;

export function FilterBar({
  filters,
  search,
  onChange,
  all,
  stacked,
}: {
  filters: readonly AreaFilter[];
  search: ListSearch;
  onChange: (patch: Partial<ListSearch>) => void;
  /** Every filter of the list (a filter shown elsewhere may depend on one of these). */
  all?: readonly AreaFilter[];
  /** One under the other, the full width (a sheet). */
  stacked?: boolean;
}) {
  const set = (filter: AreaFilter, value: string) => {
    const patch: Partial<ListSearch> = { [filter.key]: value || undefined };
    // A filter that narrows another (country → city) clears it when it changes.
    for (const other of all ?? filters)
      if (other.kind === 'reference' && other.dependsOn === filter.key) patch[other.key] = undefined;
    onChange(patch);
  };
  return (
    <>
      {filters.map((filter) => (
        <FilterControl
          key={filter.key}
          filter={filter}
          value={String(search[filter.key] ?? '')}
          parent={
            filter.kind === 'reference' && filter.dependsOn
              ? String(search[filter.dependsOn] ?? '')
              : undefined
          }
          onChange={(value) => set(filter, value)}
          stacked={stacked}
        />
      ))}
    </>
  );
}

function FilterControl({
  filter,
  value,
  parent,
  onChange,
  stacked,
}: {
  filter: AreaFilter;
  value: string;
  parent: string | undefined;
  onChange: (value: string) => void;
  stacked?: boolean;
}) {
  const { i18n } = useLingui();
  const id = useId();
  // A day of moments names the viewer's clock: its offset beside the label in the bar, the whole
  // sentence under the control in the sheet and as the control's description (ADR 0031).
  const clock = filter.kind === 'date' && filter.viewer ? viewerClock(value, i18n.locale as Language) : null;
  const label = (
    <label htmlFor={id} className="block text-sm font-medium">
      {i18n._(filter.label)}
      {clock && !stacked && <Offset text={clock.offset} />}
    </label>
  );
  const selectClass = cx(inputClass(false), 'w-full', !stacked && 'sm:w-44');
  const any = <option value="">{i18n._(msg`All`)}</option>;
  let control: React.ReactNode;
  switch (filter.kind) {
    case 'boolean':
      control = (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={selectClass}
          data-testid={`filter-${filter.key}`}
        >
          {any}
          <option value="true">{i18n._(filter.yes)}</option>
          <option value="false">{i18n._(filter.no)}</option>
        </select>
      );
      break;
    case 'select':
      control = (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={selectClass}
          data-testid={`filter-${filter.key}`}
        >
          {any}
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {i18n._(option.label)}
            </option>
          ))}
        </select>
      );
      break;
    case 'reference':
      control = (
        <ReferenceSelect
          id={id}
          filter={filter}
          value={value}
          parent={parent}
          onChange={onChange}
          className={selectClass}
        />
      );
      break;
    case 'date':
      control = (
        <DateField
          id={id}
          className={cx('w-full', !stacked && 'sm:w-52')}
          value={value}
          onChange={onChange}
          clearable
          testId={`filter-${filter.key}`}
          describedBy={clock ? `${id}-clock` : undefined}
        />
      );
      break;
  }
  return (
    <div className={cx('w-full space-y-1', !stacked && 'sm:w-auto sm:shrink-0')}>
      {label}
      {control}
      {clock && (
        <ClockNote id={`${id}-clock`} filterKey={filter.key} zoneName={clock.zoneName} shown={stacked} />
      )}
    </div>
  );
}

/** "Days on your clock: Kolkata (GMT+5:30).": under the control in a sheet, else its description only. */
function ClockNote({
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
const Offset = ({ text }: { text: string }) => (
  <span aria-hidden="true" className="ms-1.5 text-xs font-normal text-slate-500 dark:text-slate-400">
    {text}
  </span>
);

/** The viewer's clock on a day (its offset that day, daylight saving included; today if none). */
function viewerClock(day: string, language: Language) {
  const zone = viewerTimeZone();
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T12:00:00Z`) : new Date();
  const locales = FORMAT_LOCALES[language];
  return { zoneName: zoneLabel(at, zone, language, locales), offset: zoneOffsetName(at, zone, locales) };
}

function ReferenceSelect({
  id,
  filter,
  value,
  parent,
  onChange,
  className,
}: {
  id: string;
  filter: Extract<AreaFilter, { kind: 'reference' }>;
  value: string;
  parent: string | undefined;
  onChange: (value: string) => void;
  className: string;
}) {
  const { i18n } = useLingui();
  const { choices, isLoading } = usePickerChoices(filter.source, parent || undefined, true, undefined, true);
  return (
    <select
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={className}
      aria-busy={isLoading || undefined}
      data-testid={`filter-${filter.key}`}
    >
      <option value="">{i18n._(msg`All`)}</option>
      {/* The chosen value stays listed while the options load (a shared link). */}
      {value && !choices.some((c) => c.value === value) && (
        <option value={value}>{isLoading ? '…' : `#${value}`}</option>
      )}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
