import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LIST_DENSITIES, listDensityOf, type ListDensity } from '@/contract/densities';
import { useLingui } from '@lingui/react';
import { Columns3 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { menuItemClass } from '@/components/menu';
import { MenuContent } from '@/components/menu-panel';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button, cx } from '@/components/ui';
import { FILTER_WIDTH, FilterBar } from '../filters/FilterBar';
import type { BaseRecord } from '../queries';
import type { ListSearch } from '../search';
import type { AreaConfig, AreaFilter } from '../types';
import { FilterSheet } from './FilterSheet';
import { SearchBox } from './SearchBox';
import type { SetListSearch } from './useListSearch';
import type { ListTableApi } from './useListTable';

const DENSITY_LABELS = {
  compact: msg`Compact`,
  comfortable: msg`Comfortable`,
} as const satisfies Record<ListDensity, MessageDescriptor>;

/** The bar's fixed parts (px, gaps included): the search box, "More filters (n)", "Columns". */
const SEARCH_WIDTH = 268;
const MORE_WIDTH = 176;
const COLUMNS_WIDTH = 124;
const PADDING = 24;

/**
 * How many filters the bar shows on one line of `width` px, in the area's order; the others wait
 * behind "More filters (n)" (all of them when every one fits).
 */
export function filtersThatFit(filters: readonly AreaFilter[], width: number): number {
  const widths = filters.map((f) => (f.kind === 'date' ? FILTER_WIDTH.date : FILTER_WIDTH.other));
  const room = width - PADDING - SEARCH_WIDTH - COLUMNS_WIDTH;
  if (widths.reduce((a, b) => a + b, 0) <= room) return filters.length;
  let used = MORE_WIDTH;
  let n = 0;
  while (n < widths.length && used + widths[n]! <= room) used += widths[n++]!;
  return n;
}

/** The element's width, measured before the first paint and whenever it changes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The bar above the table: the search box, the area's filters and the column menu, on one line
 * (docs/product.md §2 lists: no wrapping at 1280 px): the filters that do not fit wait behind
 * "More filters (n)". On a phone the filters wait in a sheet and the cards need no column menu.
 */
export function ListControls<T extends BaseRecord>({
  area,
  table,
  filters,
  search,
  setSearch,
  phone,
  noColumns = false,
  density,
}: {
  phone: boolean;
  /** The rows' density and its setter (./useListDensity.ts), chosen in the column menu. */
  density: readonly [ListDensity, (density: ListDensity) => void];
  /** Another layout than the table shows (no column menu). */
  noColumns?: boolean;
  area: AreaConfig<T>;
  table: ListTableApi<T>;
  filters: AreaFilter[];
  search: ListSearch;
  setSearch: SetListSearch;
}) {
  const { i18n } = useLingui();
  const onFilter = (patch: Partial<ListSearch>) => setSearch({ ...patch, page: undefined });
  const bar = useRef<HTMLDivElement>(null);
  const width = useWidth(bar);
  // Not laid out yet (or no layout, as in unit tests): every filter in the bar.
  const fit = !width ? filters.length : filtersThatFit(filters, width);
  const shown = filters.slice(0, fit);
  const more = filters.slice(fit);
  return (
    <div
      ref={bar}
      className={cx(
        'flex items-end gap-3 border-b border-slate-200 p-3 dark:border-slate-800',
        phone ? 'flex-wrap' : 'flex-nowrap',
      )}
      data-testid="list-controls"
    >
      <SearchBox
        value={search.q ?? ''}
        hint={i18n._(msg`The list updates as you type.`)}
        onChange={(q) => setSearch({ q: q || undefined, page: undefined }, { replace: true })}
      />
      {filters.length > 0 &&
        (phone ? (
          <FilterSheet filters={filters} search={search} onChange={onFilter} />
        ) : (
          <>
            <FilterBar filters={shown} all={filters} search={search} onChange={onFilter} />
            {more.length > 0 && (
              <FilterSheet filters={more} all={filters} search={search} onChange={onFilter} more />
            )}
          </>
        ))}
      {!phone && !noColumns && <ColumnMenu area={area} table={table} density={density} />}
    </div>
  );
}

/**
 * Shows and hides columns (the choice is kept per area) and sets the rows' density (the user's own,
 * for every list: docs/decisions/0082-dense-width-aware-tables.md).
 */
function ColumnMenu<T extends BaseRecord>({
  area,
  table,
  density: [density, setDensity],
}: {
  area: AreaConfig<T>;
  table: ListTableApi<T>;
  density: readonly [ListDensity, (density: ListDensity) => void];
}) {
  const { i18n } = useLingui();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" className="ms-auto" data-testid="column-menu">
          <Columns3 aria-hidden="true" className="size-4" />
          {i18n._(msg`Columns`)}
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent>
        <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-slate-600 dark:text-slate-400">
          {i18n._(msg`Show columns`)}
        </DropdownMenu.Label>
        {table.getAllLeafColumns().map((column) => {
          const def = area.columns.find((c) => c.id === column.id);
          return (
            <DropdownMenu.CheckboxItem
              key={column.id}
              className={cx(menuItemClass, 'ps-8')}
              checked={column.getIsVisible()}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
            >
              <DropdownMenu.ItemIndicator className="absolute start-2">✓</DropdownMenu.ItemIndicator>
              {def ? i18n._(def.header) : column.id}
            </DropdownMenu.CheckboxItem>
          );
        })}
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-slate-600 dark:text-slate-400">
          {i18n._(msg`Row density`)}
        </DropdownMenu.Label>
        <DropdownMenu.RadioGroup value={density} onValueChange={(value) => setDensity(listDensityOf(value))}>
          {LIST_DENSITIES.map((value) => (
            <DropdownMenu.RadioItem
              key={value}
              value={value}
              data-testid={`density-${value}`}
              className={cx(menuItemClass, 'ps-8')}
              onSelect={(event) => event.preventDefault()}
            >
              <DropdownMenu.ItemIndicator className="absolute start-2">✓</DropdownMenu.ItemIndicator>
              {i18n._(DENSITY_LABELS[value])}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
