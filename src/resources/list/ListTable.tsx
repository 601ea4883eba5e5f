import { useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { AppLink } from '@/components/AppLink';
import { cx } from '@/components/ui';
import type { BaseRecord } from '../queries';
import type { ListSearch } from '../search';
import type { Language, ListDensity } from '@/contract';
import { SelectPage, SelectRow } from '../bulk/SelectBoxes';
import type { Selection } from '../bulk/useSelection';
import type { AreaAction, AreaConfig } from '../types';
import { EmptyRow, SkeletonRows } from './ListStates';
import { recordPath } from './record-path';
import { RowMenu } from './RowMenu';
import type { SetListSearch } from './useListSearch';
import type { ColumnMeasure } from './useColumnVisibility';
import type { ListTableApi } from './useListTable';
import { useColumnFit, useFrozenHeader } from './useTableLayout';
import {
  actionsCellClass,
  contentClass,
  densityCellClass,
  firstCellClass,
  firstContentClass,
  rowCellBackground,
  titleWhenCut,
} from './table-cells';

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
  /** How tall the rows are (docs/decisions/0082-dense-width-aware-tables.md). */
  density: ListDensity;
  /** Takes the table's measurements, for the columns that fit (./useColumnVisibility.ts). */
  onMeasure: (measure: ColumnMeasure) => void;
  /** The most a cell after the first takes (px, padding included), so that the columns fill the width. */
  cellCap: number;
}

/**
 * The table of the current page, sortable by column (aria-sort). Its columns fit its width (the
 * lowest priority folds first) and its header stays in view while the page scrolls
 * (docs/decisions/0082-dense-width-aware-tables.md). When a user shows more than fits it scrolls
 * sideways under its sticky first and last columns.
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
  density,
  onMeasure,
  cellCap,
}: ListTableProps<T>) {
  const { i18n } = useLingui();
  const visibleColumnCount = table.getVisibleLeafColumns().length + 1;
  const rows = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  // New rows, another density or language: the columns are measured afresh.
  useColumnFit(scroller, onMeasure, `${density}:${i18n.locale}:${rows.map((row) => row.id).join(',')}`);
  useFrozenHeader(tableRef, head);
  return (
    <div ref={scroller} className="overflow-x-auto" data-testid="table-scroller">
      <table
        ref={tableRef}
        className="group/list w-full min-w-max border-collapse text-sm"
        data-density={density}
        style={{ '--cell-cap': `${cellCap - 24}px` } as CSSProperties}
        aria-busy={busy || undefined}
      >
        <caption className="sr-only">
          {title}
          {total > 0 &&
            ` — ${
              capped
                ? i18n._(msg`rows ${i18n.number(from)} to ${i18n.number(to)} of ${i18n.number(total)}+`)
                : i18n._(msg`rows ${from} to ${to} of ${total}`)
            }`}
        </caption>
        <TableHead table={table} selection={selection} headRef={head} />
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
                density={density}
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
  headRef,
}: {
  table: ListTableApi<T>;
  selection?: Selection;
  headRef: React.RefObject<HTMLTableSectionElement | null>;
}) {
  const { i18n } = useLingui();
  const ids = table.getRowModel().rows.map((row) => row.original.id);
  return (
    // Above the rows' sticky cells when it is moved down over them (useFrozenHeader).
    <thead
      ref={headRef}
      data-testid="table-head"
      className="relative z-20 bg-slate-50 text-start dark:bg-slate-800"
    >
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
        first && cx(firstCellClass, 'w-px bg-slate-50 dark:bg-slate-800'),
      )}
    >
      <span data-fit className="inline-flex items-center gap-3">
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
  density,
  onDelete,
  onAction,
}: {
  area: AreaConfig<T>;
  table: ListTableApi<T>;
  row: Row<T>;
  selection?: Selection;
  density: ListDensity;
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
          <td
            key={cell.id}
            data-column={cell.column.id}
            className={cx(
              firstCellClass,
              rowCellBackground,
              densityCellClass[density],
              'w-px px-3 align-middle',
            )}
          >
            <div data-fit className={firstContentClass} onPointerEnter={titleWhenCut}>
              {selection && <SelectRow selection={selection} id={row.original.id} name={name} />}
              {path ? (
                <AppLink
                  to={path}
                  data-testid="record-link"
                  className={cx(
                    'block min-w-0 text-indigo-700 hover:underline dark:text-indigo-300',
                    density === 'compact' && 'truncate',
                  )}
                >
                  <table.FlexRender cell={cell} />
                </AppLink>
              ) : (
                <span className={cx('block min-w-0', density === 'compact' && 'truncate')}>
                  <table.FlexRender cell={cell} />
                </span>
              )}
            </div>
          </td>
        ) : (
          <td
            key={cell.id}
            data-column={cell.column.id}
            className={cx(rowCellBackground, densityCellClass[density], 'px-3 align-middle')}
          >
            <div data-fit className={cx('w-max', contentClass[density])} onPointerEnter={titleWhenCut}>
              <table.FlexRender cell={cell} />
            </div>
          </td>
        ),
      )}
      <td className={cx(actionsCellClass, rowCellBackground, density === 'compact' ? 'py-0' : 'py-1')}>
        <RowMenu area={area} row={row.original} onDelete={onDelete} onAction={onAction} />
      </td>
    </tr>
  );
}
