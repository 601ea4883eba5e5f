import type { I18n } from '@lingui/core';
import {
  columnVisibilityFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type ReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, type Dispatch, type SetStateAction } from 'react';
import type { Language } from '@/contract';
import type { BaseRecord, ListAnswer } from '../queries';
import type { ListQueryValues } from '../search';
import type { AreaConfig } from '../types';
import type { SetListSearch } from './useListSearch';

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature, columnVisibilityFeature });
const emptyRows: BaseRecord[] = [];

export type ListTableApi<T extends BaseRecord> = ReactTable<typeof features, T>;

/** The table column showing the sort column of the query (columns name their sort column). */
function sortColumnId<T extends BaseRecord>(area: AreaConfig<T>, sort: string): string {
  return area.columns.find((c) => c.sort === sort)?.id ?? sort;
}

/** The area's columns for the table. */
function useColumns<T extends BaseRecord>(area: AreaConfig<T>, i18n: I18n) {
  const language = i18n.locale as Language;
  return useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      area.columns.map((column) => ({
        id: column.id,
        accessorFn: (row: T) => row[column.id],
        header: () => i18n._(column.header),
        cell: ({ row }) => column.cell(row.original, { i18n, language }),
        enableSorting: Boolean(column.sort),
        enableHiding: true,
        meta: { sort: column.sort },
      })),
    [area.columns, i18n, language],
  );
}

/** The table of the current page: its sorting and paging live in the URL (server-side). */
export function useListTable<T extends BaseRecord>({
  area,
  i18n,
  query,
  data,
  setSearch,
  columnVisibility,
  setColumnVisibility,
}: {
  area: AreaConfig<T>;
  i18n: I18n;
  query: ListQueryValues;
  data: ListAnswer<T> | undefined;
  setSearch: SetListSearch;
  columnVisibility: ColumnVisibilityState;
  setColumnVisibility: Dispatch<SetStateAction<ColumnVisibilityState>>;
}) {
  const columns = useColumns(area, i18n);
  const sorting: SortingState = [
    { id: sortColumnId(area, query.sort as string), desc: query.order === 'desc' },
  ];
  const pageSize = Number(query.pageSize);
  const pageIndex = Number(query.page) - 1;
  const table = useTable({
    features,
    columns,
    data: (data?.items as T[] | undefined) ?? (emptyRows as T[]),
    getRowId: (row) => String(row.id),
    rowCount: data?.total ?? 0,
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    // A first click on a column sorts it ascending, whatever its values (numbers would start descending).
    sortDescFirst: false,
    state: { sorting, pagination: { pageIndex, pageSize }, columnVisibility },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (!first) return;
      const column = area.columns.find((c) => c.id === first.id);
      if (column?.sort) setSearch({ sort: column.sort, order: first.desc ? 'desc' : 'asc', page: undefined });
    },
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater({ pageIndex, pageSize }) : updater;
      setSearch({
        page: next.pageIndex > 0 ? next.pageIndex + 1 : undefined,
        pageSize: next.pageSize,
      });
    },
    onColumnVisibilityChange: setColumnVisibility,
  });
  return { table, pageSize, pageIndex };
}
