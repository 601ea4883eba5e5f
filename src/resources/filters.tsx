/** The list's filters, one control per filter definition (select, yes/no, reference, date). */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { cx, inputClass } from '@/components/ui';
import { usePickerChoices } from './pickers';
import type { ListSearch } from './search';
import type { AreaFilter } from './types';

export function FilterBar({
  filters,
  search,
  onChange,
}: {
  filters: readonly AreaFilter[];
  search: ListSearch;
  onChange: (patch: Partial<ListSearch>) => void;
}) {
  const set = (filter: AreaFilter, value: string) => {
    const patch: Partial<ListSearch> = { [filter.key]: value || undefined };
    // A filter that narrows another (country → city) clears it when it changes.
    for (const other of filters)
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
}: {
  filter: AreaFilter;
  value: string;
  parent: string | undefined;
  onChange: (value: string) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const label = (
    <label htmlFor={id} className="block text-sm font-medium">
      {i18n._(filter.label)}
    </label>
  );
  const selectClass = cx(inputClass(false), 'w-full sm:w-44');
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
        <input
          id={id}
          type="date"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={selectClass}
          data-testid={`filter-${filter.key}`}
        />
      );
      break;
  }
  return (
    <div className="w-full space-y-1 sm:w-auto">
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
  const { choices, isLoading } = usePickerChoices(filter.source, parent || undefined);
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
