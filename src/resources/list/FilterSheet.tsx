import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { SlidersHorizontal } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Button } from '@/components/ui';
import { FilterBar } from '../filters/FilterBar';
import { overlayClass } from '@/components/dialogs';
import type { ListSearch } from '../search';
import type { AreaFilter } from '../types';

/** How many of these filters have a value in the view. */
const activeFilterCount = (filters: readonly AreaFilter[], search: ListSearch) =>
  filters.filter((filter) => search[filter.key] !== undefined && search[filter.key] !== '').length;

/**
 * Phones (docs/product.md §2 lists): the filters wait behind a "Filters (n)" button, in a sheet from
 * the bottom of the screen; each change applies at once, as in the bar.
 */
export function FilterSheet({
  filters,
  search,
  onChange,
  all,
  more,
}: {
  filters: readonly AreaFilter[];
  search: ListSearch;
  onChange: (patch: Partial<ListSearch>) => void;
  /** Every filter of the list (those of the bar included). */
  all?: readonly AreaFilter[];
  /**
   * The filters the desktop bar has no room for ("More filters (n)"), in a panel at the end of
   * the screen.
   */
  more?: boolean;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filters, search);
  const title = more ? i18n._(msg`More filters`) : i18n._(msg`Filters`);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button
          variant="secondary"
          className="shrink-0"
          data-testid={more ? 'filters-more' : 'filters-open'}
          data-count={count}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {count === 0
            ? title
            : more
              ? i18n._(msg`More filters (${i18n.number(count)})`)
              : i18n._(msg`Filters (${i18n.number(count)})`)}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          data-testid="filter-sheet"
          className={
            more
              ? 'fixed inset-y-0 end-0 z-50 w-96 max-w-full space-y-3 overflow-y-auto border-s border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900'
              : 'fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] space-y-3 overflow-y-auto rounded-t-2xl border-t border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900'
          }
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700 dark:text-slate-300">
            {i18n._(msg`The list updates as you choose.`)}
          </Dialog.Description>
          <div className="space-y-3">
            <FilterBar filters={filters} all={all} search={search} onChange={onChange} stacked />
          </div>
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            {count > 0 && (
              <Button
                variant="secondary"
                data-testid="filters-clear"
                onClick={() => onChange(Object.fromEntries(filters.map((f) => [f.key, undefined])))}
              >
                {i18n._(msg`Clear filters`)}
              </Button>
            )}
            <Dialog.Close asChild>
              <Button data-testid="filters-done">{i18n._(msg`Show results`)}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
