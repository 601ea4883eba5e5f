import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { cx } from '@/components/ui';
import { PickerSearch, type useSearchedPicker } from '../collections';

/** The search box of a reference filter and what it finds; choosing one closes it. */
export function SearchPanel({
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
