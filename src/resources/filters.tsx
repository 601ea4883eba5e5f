/** The list's filters, one control per filter definition (select, yes/no, reference, date). */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { DateField } from '@/components/DateField';
import { cx, inputClass } from '@/components/ui';
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
  const label = (
    <label htmlFor={id} className="block text-sm font-medium">
      {i18n._(filter.label)}
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
        />
      );
      break;
  }
  return (
    <div className={cx('w-full space-y-1', !stacked && 'sm:w-auto sm:shrink-0')}>
      {label}
      {control}
    </div>
  );
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
