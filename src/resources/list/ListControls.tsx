import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Columns3 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { menuItemClass } from '@/components/menu';
import { MenuContent } from '@/components/menu-panel';
import { Button, cx } from '@/components/ui';
import { FilterBar } from '../filters';
import type { BaseRecord } from '../queries';
import type { ListSearch } from '../search';
import type { AreaConfig, AreaFilter } from '../types';
import { FilterSheet } from './FilterSheet';
import { SearchBox } from './SearchBox';
import type { SetListSearch } from './useListSearch';
import type { ListTableApi } from './useListTable';

/**
 * The bar above the table: the search box, the area's filters and the column menu. On a phone the
 * filters wait in a sheet and the cards need no column menu.
 */
export function ListControls<T extends BaseRecord>({
  area,
  table,
  filters,
  search,
  setSearch,
  phone,
}: {
  phone: boolean;
  area: AreaConfig<T>;
  table: ListTableApi<T>;
  filters: AreaFilter[];
  search: ListSearch;
  setSearch: SetListSearch;
}) {
  const { i18n } = useLingui();
  const onFilter = (patch: Partial<ListSearch>) => setSearch({ ...patch, page: undefined });
  return (
    <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-3 dark:border-slate-800">
      <SearchBox
        value={search.q ?? ''}
        hint={i18n._(msg`The list updates as you type.`)}
        onChange={(q) => setSearch({ q: q || undefined, page: undefined }, { replace: true })}
      />
      {filters.length > 0 &&
        (phone ? (
          <FilterSheet filters={filters} search={search} onChange={onFilter} />
        ) : (
          <FilterBar filters={filters} search={search} onChange={onFilter} />
        ))}
      {!phone && <ColumnMenu area={area} table={table} />}
    </div>
  );
}

/** Shows and hides columns (the choice is kept per area). */
function ColumnMenu<T extends BaseRecord>({ area, table }: { area: AreaConfig<T>; table: ListTableApi<T> }) {
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
      </MenuContent>
    </DropdownMenu.Root>
  );
}
