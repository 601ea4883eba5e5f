import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Search } from 'lucide-react';
import { cx, inputClass } from '@/components/ui';
import type { AreaFilter } from '../types';
import { SearchPanel } from './SearchPanel';
import { useReferenceSearch } from './useReferenceSearch';

/**
 * A filter over another area's records: the first page of them by name, as the form's pickers
 * (useSearchedPicker, docs/decisions/0026-venue-time-zones-and-date-pickers.md §5), and when
 * more may exist a search button opens a box that finds any of them on the server. A value from a
 * shared link or a saved view beyond the first page keeps its name.
 */
export function ReferenceSelect({
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
  const { picker, open, setOpen, box, select, searchable, searchLabel, close, pick } = useReferenceSearch(
    filter,
    value,
    parent,
    onChange,
  );
  const { choices, isLoading } = picker;

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
