/** The list's filters, one control per filter definition (select, yes/no, reference, date). */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import type { Language } from '@/contract';
import { DateField } from '@/components/DateField';
import { Select } from '@/components/Select';
import { cx } from '@/components/ui';
import type { ListSearch } from '../search';
import type { AreaFilter } from '../types';
import { ClockNote, Offset, viewerClock } from './FilterClock';
import { ReferenceSelect } from './ReferenceSelect';

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

/** A filter of the bar: its definition, its value (and its parent's), its change; `stacked` in a sheet. */
interface FilterProps {
  filter: AreaFilter;
  value: string;
  parent: string | undefined;
  onChange: (value: string) => void;
  stacked?: boolean;
}

function FilterControl(props: FilterProps) {
  const { filter, value, stacked } = props;
  const { i18n } = useLingui();
  const id = useId();
  // A day of moments names the viewer's clock: its offset beside the label in the bar, the whole
  // sentence under the control in the sheet and as the control's description (ADR 0031).
  const clock = filter.kind === 'date' && filter.viewer ? viewerClock(value, i18n.locale as Language) : null;
  return (
    <div className={cx('w-full space-y-1', !stacked && 'sm:w-auto sm:shrink-0')}>
      <label htmlFor={id} className="block text-sm font-medium">
        {i18n._(filter.label)}
        {clock && !stacked && <Offset text={clock.offset} />}
      </label>
      <FilterInput {...props} id={id} describedBy={clock ? `${id}-clock` : undefined} />
      {clock && (
        <ClockNote id={`${id}-clock`} filterKey={filter.key} zoneName={clock.zoneName} shown={stacked} />
      )}
    </div>
  );
}

/** The control of a filter, by its kind; `stacked` ones take the full width. */
function FilterInput({
  id,
  filter,
  value,
  parent,
  onChange,
  stacked,
  describedBy,
}: FilterProps & { id: string; describedBy: string | undefined }) {
  const { i18n } = useLingui();
  switch (filter.kind) {
    case 'boolean':
    case 'select':
      return (
        <Select
          id={id}
          value={value}
          onChange={onChange}
          empty={i18n._(msg`All`)}
          options={(filter.kind === 'boolean'
            ? [
                { value: 'true', label: filter.yes },
                { value: 'false', label: filter.no },
              ]
            : filter.options
          ).map((option) => ({ value: option.value, label: i18n._(option.label) }))}
          describedBy={describedBy}
          className={cx('w-full', !stacked && 'sm:w-44')}
          testId={`filter-${filter.key}`}
        />
      );
    case 'reference':
      return (
        <ReferenceSelect
          id={id}
          filter={filter}
          value={value}
          parent={parent}
          onChange={onChange}
          describedBy={describedBy}
          className={cx('w-full', !stacked && 'sm:w-44')}
        />
      );
    case 'date':
      return (
        <DateField
          id={id}
          className={cx('w-full', !stacked && 'sm:w-52')}
          value={value}
          onChange={onChange}
          clearable
          testId={`filter-${filter.key}`}
          describedBy={describedBy}
        />
      );
  }
}
