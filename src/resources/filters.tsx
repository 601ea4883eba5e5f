/** The list's filters, one control per filter definition (select, yes/no, reference, date). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Search } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { Language } from '@/contract';
import { FORMAT_LOCALES } from '@/app/i18n';
import { DateField } from '@/components/DateField';
import { cx, inputClass } from '@/components/ui';
import { zoneLabel, zoneOffsetName } from '@/lib/zone-label';
import { useOutside } from '@/lib/useOutside';
import { viewerTimeZone } from '@/lib/zoned';
import { PickerSearch, useSearchedPicker } from './collections';
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
  let control: React.ReactNode;
  switch (filter.kind) {
    case 'boolean':
    case 'select':
      control = (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={selectClass}
          data-testid={`filter-${filter.key}`}
        >
          <option value="">{i18n._(msg`All`)}</option>
          {(filter.kind === 'boolean'
            ? [
                { value: 'true', label: filter.yes },
                { value: 'false', label: filter.no },
              ]
            : filter.options
          ).map((option) => (
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
          className={cx('w-full', !stacked && 'sm:w-44')}
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

/**
 * A filter over another area's records: the first page of them by name, as the form's pickers
 * (useSearchedPicker, docs/decisions/0026-venue-time-zones-and-date-pickers.md §5), and when
 * more may exist a search button opens a box that finds any of them on the server. A value from a
 * shared link or a saved view beyond the first page keeps its name.
 */
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
  const picker = useSearchedPicker(filter, parent || undefined, true, value);
  const { choices, isLoading, setTyped } = picker;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const searchable = picker.searchable && (picker.more > 0 || picker.maybeMore || picker.typed !== '');
  const fieldLabel = i18n._(filter.label);
  const searchLabel = i18n._(msg`Search ${fieldLabel}`);

  useOutside(box, open, () => {
    setOpen(false);
    setTyped('');
  });

  // Closing forgets the search: the select lists the first page again, the chosen one by name.
  const close = () => {
    setOpen(false);
    setTyped('');
    select.current?.focus();
  };
  const pick = (next: string) => {
    const choice = choices.find((c) => c.value === next);
    if (choice) picker.keep(choice);
    onChange(next);
    close();
  };

  return (
    <div ref={box} className={cx('relative flex items-stretch gap-1', className)}>
      <select
        ref={select}
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cx(inputClass(false), 'min-w-0 flex-1')}
        aria-busy={isLoading || undefined}
        data-testid={`filter-${filter.key}`}
      >
        <option value="">{i18n._(msg`All`)}</option>
        {/* The chosen value stays listed by name when it is not among the choices (a shared link). */}
        {value && !choices.some((c) => c.value === value) && (
          <option value={value}>{picker.chosenName ?? (isLoading ? '…' : `#${value}`)}</option>
        )}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {searchable && (
        <button
          type="button"
          className="shrink-0 rounded-md border border-slate-400 px-2 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
          aria-label={searchLabel}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => (open ? close() : setOpen(true))}
          data-testid={`filter-${filter.key}-search`}
        >
          <Search className="size-4" aria-hidden />
        </button>
      )}
      {open && (
        <SearchPanel
          label={searchLabel}
          field={{ name: filter.key, label: filter.label }}
          picker={picker}
          value={value}
          onPick={pick}
          onClose={close}
        />
      )}
    </div>
  );
}

/** The search box of a reference filter and what it finds; choosing one closes it. */
function SearchPanel({
  label,
  field,
  picker,
  value,
  onPick,
  onClose,
}: {
  label: string;
  field: { name: string; label: MessageDescriptor };
  picker: ReturnType<typeof useSearchedPicker>;
  value: string;
  onPick: (value: string) => void;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const { choices, isLoading } = picker;
  return (
    <div
      role="dialog"
      aria-label={label}
      className="absolute start-0 top-full z-30 mt-1 w-80 max-w-[calc(100vw-2rem)] space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      data-testid={`filter-${field.name}-found`}
    >
      <PickerSearch field={field} picker={picker} autoFocus />
      {!isLoading && choices.length === 0 ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {i18n._(msg`Nothing found.`)}
        </p>
      ) : (
        <ul className="max-h-64 space-y-0.5 overflow-y-auto" aria-busy={isLoading || undefined}>
          {choices.map((choice) => (
            <li key={choice.value}>
              <button
                type="button"
                className={cx(
                  'block w-full rounded px-2 py-1.5 text-start text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
                  choice.value === value && 'font-semibold',
                )}
                aria-current={choice.value === value || undefined}
                onClick={() => onPick(choice.value)}
                data-testid="filter-choice"
              >
                {choice.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
