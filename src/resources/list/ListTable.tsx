import { useId, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { AppLink } from '@/components/AppLink';
import { cx } from '@/components/ui';
import type { BaseRecord } from '../queries';
import type { ListSearch } from '../search';
import type { Language } from '@/contract';
import { SelectPage, SelectRow } from '../bulk/SelectBoxes';
import type { Selection } from '../bulk/useSelection';
import type { AreaAction, AreaConfig } from '../types';
import { EmptyRow, SkeletonRows } from './ListStates';
import { recordPath } from './record-path';
import { RowMenu } from './RowMenu';
import type { SetListSearch } from './useListSearch';
import type { ListTableApi } from './useListTable';

type Header<T extends BaseRecord> = ReturnType<ListTableApi<T>['getHeaderGroups']>[number]['headers'][number];
type Row<T extends BaseRecord> = ReturnType<ListTableApi<T>['getRowModel']>['rows'][number];

interface ListTableProps<T extends BaseRecord> {
  area: AreaConfig<T>;
  table: ListTableApi<T>;
  title: string;
  busy: boolean;
  pending: boolean;
  total: number;
  /** More than `total` rows match (a capped count). */
  capped?: boolean;
  from: number;
  to: number;
  pageSize: number;
  search: ListSearch;
  setSearch: SetListSearch;
  onDelete: (row: T) => void;
  onAction: (action: AreaAction<T>, row: T) => void;
  /** Check boxes of the rows and of the page (bulk actions). */
  selection?: Selection;
}

/*
 * Sticky cells (docs/product.md §2 lists): the record's name at the start, its actions at the end; a
 * line on their inner edge (mirrored in Arabic) shows what scrolls under them.
 */
const firstCellClass =
  'sticky start-0 z-10 shadow-[inset_-1px_0_0_var(--color-slate-200)] rtl:shadow-[inset_1px_0_0_var(--color-slate-200)] dark:shadow-[inset_-1px_0_0_var(--color-slate-800)] dark:rtl:shadow-[inset_1px_0_0_var(--color-slate-800)]';
const actionsCellClass =
  'sticky end-0 z-10 w-px px-3 text-end whitespace-nowrap text-slate-700 shadow-[inset_1px_0_0_var(--color-slate-200)] rtl:shadow-[inset_-1px_0_0_var(--color-slate-200)] dark:text-slate-200 dark:shadow-[inset_1px_0_0_var(--color-slate-800)] dark:rtl:shadow-[inset_-1px_0_0_var(--color-slate-800)]';
const rowCellBackground = 'bg-white group-hover:bg-slate-50 dark:bg-slate-900 dark:group-hover:bg-slate-800';

/**
 * The table of the current page, sortable by column (aria-sort). When it is wider than the screen it
 * scrolls sideways under its sticky first and last columns.
 */
export function ListTable<T extends BaseRecord>({
  area,
  table,
  title,
  busy,
  pending,
  total,
  capped = false,
  from,
  to,
  pageSize,
  search,
  setSearch,
  onDelete,
  onAction,
  selection,
}: ListTableProps<T>) {
  const { i18n } = useLingui();
  const visibleColumnCount = table.getVisibleLeafColumns().length + 1;
  const rows = table.getRowModel().rows;
  return (
    <div className="overflow-x-auto" data-testid="table-scroller">
      <table className="w-full min-w-max border-collapse text-sm" aria-busy={busy || undefined}>
        <caption className="sr-only">
          {title}
          {total > 0 &&
            ` — ${
              capped
                ? i18n._(msg`rows ${i18n.number(from)} to ${i18n.number(to)} of ${i18n.number(total)}+`)
                : i18n._(msg`rows ${from} to ${to} of ${total}`)
            }`}
        </caption>
        <TableHead table={table} selection={selection} />
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
              <TableRow
                key={row.id}
                area={area}
                table={table}
                row={row}
                selection={selection}
                onDelete={() => onDelete(row.original)}
                onAction={(action) => onAction(action, row.original)}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The columns' headers, the page's check box in the first, and the actions' at the end. */
function TableHead<T extends BaseRecord>({
  table,
  selection,
}: {
  table: ListTableApi<T>;
  selection?: Selection;
}) {
  const { i18n } = useLingui();
  const ids = table.getRowModel().rows.map((row) => row.original.id);
  return (
    <thead className="bg-slate-50 text-start dark:bg-slate-800/60">
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header, index) => (
            <HeaderCell
              key={header.id}
              table={table}
              header={header}
              first={index === 0}
              // The page's check box heads the rows' boxes, in the first column.
              box={index === 0 && selection ? <SelectPage selection={selection} ids={ids} /> : null}
            />
          ))}
          <th
            scope="col"
            data-column="actions"
            className={cx(actionsCellClass, 'bg-slate-50 py-2 font-semibold dark:bg-slate-800')}
          >
            {i18n._(msg`Actions`)}
          </th>
        </tr>
      ))}
    </thead>
  );
}

/** A column's header: a sort button when the column sorts. */
function HeaderCell<T extends BaseRecord>({
  table,
  header,
  first,
  box,
}: {
  table: ListTableApi<T>;
  header: Header<T>;
  first: boolean;
  box: ReactNode;
}) {
  const sorted = header.column.getIsSorted();
  const canSort = header.column.getCanSort();
  // With the page's check box in it, the header is named by its column's words alone.
  const labelId = useId();
  return (
    <th
      scope="col"
      data-column={header.column.id}
      aria-labelledby={box ? labelId : undefined}
      aria-sort={
        canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined
      }
      className={cx(
        'px-3 py-2 text-start font-semibold whitespace-nowrap text-slate-700 dark:text-slate-200',
        first && cx(firstCellClass, 'bg-slate-50 dark:bg-slate-800'),
      )}
    >
      <span className="inline-flex items-center gap-3">
        {box}
        {canSort ? (
          <button
            type="button"
            id={labelId}
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
          <span id={labelId}>
            <table.FlexRender header={header} />
          </span>
        )}
      </span>
    </th>
  );
}

/** One record: its name links to it (details, else the form); its actions menu at the end. */
function TableRow<T extends BaseRecord>({
  area,
  table,
  row,
  selection,
  onDelete,
  onAction,
}: {
  area: AreaConfig<T>;
  table: ListTableApi<T>;
  row: Row<T>;
  selection?: Selection;
  onDelete: () => void;
  onAction: (action: AreaAction<T>) => void;
}) {
  const { i18n } = useLingui();
  const path = recordPath(area, row.original);
  const name = area.recordName(row.original, { i18n, language: i18n.locale as Language });
  return (
    <tr
      data-testid="list-row"
      data-row-id={row.original.id}
      data-row-name={name}
      className="group border-t border-slate-100 data-[active=true]:outline-2 data-[active=true]:-outline-offset-2 data-[active=true]:outline-indigo-500 dark:border-slate-800"
    >
      {row.getVisibleCells().map((cell, index) =>
        index === 0 ? (
          <td key={cell.id} className={cx(firstCellClass, rowCellBackground, 'px-3 py-2 align-middle')}>
            <div className="flex items-center gap-2">
              {selection && <SelectRow selection={selection} id={row.original.id} name={name} />}
              {path ? (
                <AppLink
                  to={path}
                  data-testid="record-link"
                  className="block max-w-64 text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  <table.FlexRender cell={cell} />
                </AppLink>
              ) : (
                <span className="block max-w-64">
                  <table.FlexRender cell={cell} />
                </span>
              )}
            </div>
          </td>
        ) : (
          <td key={cell.id} className={cx(rowCellBackground, 'px-3 py-2 align-middle')}>
            <table.FlexRender cell={cell} />
          </td>
        ),
      )}
      <td className={cx(actionsCellClass, rowCellBackground, 'py-1')}>
        <RowMenu area={area} row={row.original} onDelete={onDelete} onAction={onAction} />
      </td>
    </tr>
  );
}
