import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { BaseRecord } from '../queries';
import type { ListSearch } from '../search';
import type { AreaAction, AreaConfig } from '../types';
import { EmptyRow, SkeletonRows } from './ListStates';
import { RowMenu } from './RowMenu';
import type { SetListSearch } from './useListSearch';
import type { ListTableApi } from './useListTable';

type Header<T extends BaseRecord> = ReturnType<ListTableApi<T>['getHeaderGroups']>[number]['headers'][number];

interface ListTableProps<T extends BaseRecord> {
  area: AreaConfig<T>;
  table: ListTableApi<T>;
  title: string;
  busy: boolean;
  pending: boolean;
  total: number;
  from: number;
  to: number;
  pageSize: number;
  search: ListSearch;
  setSearch: SetListSearch;
  onDelete: (row: T) => void;
  onAction: (action: AreaAction<T>, row: T) => void;
}

/** The table of the current page, sortable by column (aria-sort); it scrolls sideways at phone width. */
export function ListTable<T extends BaseRecord>({
  area,
  table,
  title,
  busy,
  pending,
  total,
  from,
  to,
  pageSize,
  search,
  setSearch,
  onDelete,
  onAction,
}: ListTableProps<T>) {
  const { i18n } = useLingui();
  const visibleColumnCount = table.getVisibleLeafColumns().length + 1;
  const rows = table.getRowModel().rows;
  return (
    <div className="overflow-x-auto" data-testid="table-scroller">
      <table className="w-full min-w-max border-collapse text-sm" aria-busy={busy || undefined}>
        <caption className="sr-only">
          {title}
          {total > 0 && ` — ${i18n._(msg`rows ${from} to ${to} of ${total}`)}`}
        </caption>
        <thead className="bg-slate-50 text-start dark:bg-slate-800/60">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} table={table} header={header} />
              ))}
              <th scope="col" className="px-3 py-2 text-end font-semibold text-slate-700 dark:text-slate-200">
                {i18n._(msg`Actions`)}
              </th>
            </tr>
          ))}
        </thead>
        <tbody>
          {pending ? (
            <SkeletonRows count={Math.min(pageSize, 10)} columnCount={visibleColumnCount} />
          ) : rows.length === 0 ? (
            <EmptyRow
              columnCount={visibleColumnCount}
              resource={area.resource}
              search={search}
              setSearch={setSearch}
            />
          ) : (
            rows.map((row) => (
              <tr
                key={row.id}
                data-testid="list-row"
                className="border-t border-slate-100 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/40"
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-middle">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
                <td className="px-3 py-1 text-end">
                  <RowMenu
                    area={area}
                    row={row.original}
                    onDelete={() => onDelete(row.original)}
                    onAction={(action) => onAction(action, row.original)}
                  />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A column's header: a sort button when the column sorts. */
function HeaderCell<T extends BaseRecord>({ table, header }: { table: ListTableApi<T>; header: Header<T> }) {
  const sorted = header.column.getIsSorted();
  const canSort = header.column.getCanSort();
  return (
    <th
      scope="col"
      aria-sort={
        canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined
      }
      className="px-3 py-2 text-start font-semibold whitespace-nowrap text-slate-700 dark:text-slate-200"
    >
      {canSort ? (
        <button
          type="button"
          onClick={header.column.getToggleSortingHandler()}
          className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-1 hover:bg-slate-200 dark:hover:bg-slate-700"
        >
          <table.FlexRender header={header} />
          {sorted === 'asc' ? (
            <ArrowUp aria-hidden="true" className="size-4" />
          ) : sorted === 'desc' ? (
            <ArrowDown aria-hidden="true" className="size-4" />
          ) : (
            <ArrowUpDown aria-hidden="true" className="size-4 opacity-50" />
          )}
        </button>
      ) : (
        <table.FlexRender header={header} />
      )}
    </th>
  );
}
