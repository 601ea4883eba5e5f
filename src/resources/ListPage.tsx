/**
 * The generic list (docs/decisions/0005-resource-pattern.md): server-side pagination (10/25/50/100), sorting by column (aria-sort),
 * a debounced search box and the area's filters, all kept in the URL; a column menu kept per area;
 * row actions; skeleton, empty and error (Retry) states; CSV export of the current view. On a phone
 * the page is cards and the filters open in a sheet (docs/product.md §2 lists). A list with other
 * layouts (the events' calendar) draws the chosen one instead of its table, under the same controls.
 */
import { Suspense } from 'react';
import type { ListDensity } from '@/contract';
import { FullPageSpinner } from '@/components/ui';
import type { Selection } from './bulk/useSelection';
import { LayoutSwitch } from './list/LayoutSwitch';
import { ListCards } from './list/ListCards';
import { ListControls } from './list/ListControls';
import { ListHeader } from './list/ListHeader';
import { ListError } from './list/ListStates';
import { ListTable } from './list/ListTable';
import { Pagination } from './list/Pagination';
import type { useListState } from './list/useListState';
import { useListPage } from './list/useListPage';
import { ViewsMenu } from './list/ViewsMenu';
import { LiveListNotice } from './LiveNotices';
import { NotSavedHere } from './NotSavedHere';
import type { BaseRecord } from './queries';
import type { AreaConfig } from './types';

export function ListPage<T extends BaseRecord>({
  area,
  fixed,
  heading,
  toolbar,
}: {
  area: AreaConfig<T>;
  /** Filters this page always applies (the events of one provider); their inputs are not shown. */
  fixed?: Record<string, string>;
  /** The heading instead of the area's title. */
  heading?: string;
  /** More buttons of the page's toolbar (e.g. "Keep available offline"). */
  toolbar?: React.ReactNode;
}) {
  const page = useListPage(area, fixed, heading);
  const { state, phone, createPath, filters, title, headingId, sectionRef, bulk, layout } = page;
  const { search, setSearch, list, table } = state;
  const { resource } = area;

  return (
    <section
      ref={sectionRef}
      {...bulk.sectionProps}
      aria-labelledby={headingId}
      className="mx-auto max-w-7xl space-y-4"
      data-testid={`list-${resource.key}`}
    >
      <ListHeader
        area={area}
        headingId={headingId}
        title={title}
        updatedAt={list.dataUpdatedAt}
        toolbar={
          <ViewsMenu
            {...{ area, table, search, setSearch, fixed, phone }}
            before={
              <>
                <LayoutSwitch area={area} layout={layout?.key} setSearch={setSearch} />
                {toolbar}
              </>
            }
          />
        }
        exporting={state.exporting}
        onExport={() => void state.exportCsv()}
        createPath={createPath}
      />

      {/* Another layout says what changed over its own data. */}
      {!layout && (
        <LiveListNotice
          resource={resource.key}
          since={list.dataUpdatedAt}
          onShow={() => void list.refetch()}
        />
      )}

      <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <ListControls
          phone={phone}
          area={area}
          table={table}
          filters={filters}
          search={search}
          setSearch={setSearch}
          noColumns={Boolean(layout)}
          density={page.density}
        />

        {layout ? (
          <Suspense fallback={<FullPageSpinner inline />}>
            <layout.page.Page search={search} setSearch={setSearch} />
          </Suspense>
        ) : (
          <ListRecords area={area} page={page} />
        )}
      </div>
      {state.dialogs}
      {bulk.extras}
    </section>
  );
}

/** The table's part of the page: the bulk bar, the records and the pages. */
function ListRecords<T extends BaseRecord>({
  area,
  page,
}: {
  area: AreaConfig<T>;
  page: ReturnType<typeof useListPage<T>>;
}) {
  const { state, phone, title, from, to, notSaved, bulk } = page;
  const { list, table, pageSize, pageIndex, total, capped, setSearch } = state;
  return (
    <>
      {bulk.bar}
      <ListBody
        density={page.density[0]}
        selection={bulk.selection}
        area={area}
        state={state}
        phone={phone}
        title={title}
        from={from}
        to={to}
        notSaved={notSaved}
      />
      {!notSaved && !(list.isError && !list.data) && (
        <Pagination
          pending={list.isPending}
          total={total}
          capped={capped}
          from={from}
          to={to}
          page={pageIndex + 1}
          pageCount={state.pageCount}
          pageSize={pageSize}
          onPage={(page) => table.setPageIndex(page - 1)}
          onPageSize={(size) => setSearch({ pageSize: size, page: undefined })}
        />
      )}
    </>
  );
}

/** The page's records: not saved on this device (offline), the error (Retry), cards on a phone, else the table. */
function ListBody<T extends BaseRecord>({
  area,
  state,
  phone,
  title,
  from,
  to,
  notSaved,
  selection,
  density,
}: {
  selection: Selection;
  density: ListDensity;
  area: AreaConfig<T>;
  state: ReturnType<typeof useListState<T>>;
  phone: boolean;
  title: string;
  from: number;
  to: number;
  notSaved: boolean;
}) {
  const { list, table, pageSize, search, setSearch } = state;
  if (notSaved) return <NotSavedHere onRetry={() => void list.refetch()} />;
  if (list.isError && !list.data) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  const common = {
    area,
    title,
    busy: list.isFetching,
    pending: list.isPending,
    pageSize,
    search,
    setSearch,
    onDelete: state.askDelete,
    onAction: state.start,
    selection,
  };
  return phone ? (
    <ListCards {...common} rows={table.getRowModel().rows.map((row) => row.original)} />
  ) : (
    <ListTable
      {...common}
      table={table}
      total={state.total}
      capped={state.capped}
      from={from}
      to={to}
      density={density}
      onMeasure={state.measureColumns}
      cellCap={state.cellCap}
    />
  );
}
