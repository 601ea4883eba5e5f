/**
 * The generic list (docs/decisions/0005-resource-pattern.md): server-side pagination (10/25/50/100), sorting by column (aria-sort),
 * a debounced search box and the area's filters, all kept in the URL; a column menu kept per area;
 * row actions; skeleton, empty and error (Retry) states; CSV export of the current view. At phone
 * width the table scrolls sideways inside its card.
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  columnVisibilityFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type SortingState,
} from '@tanstack/react-table';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { AppLink } from '@/components/AppLink';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Columns3,
  Download,
  Eye,
  MoreHorizontal,
  Pencil,
  Plus,
  Search,
  Trash2,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useId, useMemo, useState } from 'react';
import { PAGE_SIZES, type Language } from '@/contract';
import { notify } from '@/app/notify';
import { menuItemClass } from '@/components/menu';
import { MenuContent } from '@/components/menu-panel';
import { Alert, Button, cx, inputClass } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { downloadFile } from '@/lib/transfer';
import { useActionContext, useRecordActions } from './actions';
import { DataAge } from '@/components/DataAge';
import { FilterBar } from './filters';
import { listQueryOptions, type BaseRecord } from './queries';
import { hasNarrowing, listSearchValidator, toExportQuery, toListQuery, type ListSearch } from './search';
import type { AreaConfig } from './types';

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature, columnVisibilityFeature });
const SEARCH_DEBOUNCE_MS = 350;
const emptyRows: BaseRecord[] = [];

/** The same list view (keys with no value do not count). */
const sameSearch = (a: ListSearch, b: ListSearch): boolean => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
};

const visibilityKey = (areaKey: string) => `columns:${areaKey}`;

function readVisibility(areaKey: string, defaults: ColumnVisibilityState): ColumnVisibilityState {
  try {
    const raw = localStorage.getItem(visibilityKey(areaKey));
    if (raw) return { ...defaults, ...(JSON.parse(raw) as ColumnVisibilityState) };
  } catch {
    // No storage or a broken entry: the defaults.
  }
  return defaults;
}

/**
 * Writes the list view into the URL (pushes a history entry unless `replace`); `clean` keeps the
 * valid values of the current URL (the others are dropped from it).
 */
function useSetListSearch(clean: (search: ListSearch) => ListSearch = (search) => search) {
  const navigate = useNavigate();
  return (patch: Partial<ListSearch>, { replace = false }: { replace?: boolean } = {}) =>
    void navigate({
      to: '.',
      replace,
      search: ((prev: ListSearch) => {
        const next: ListSearch = { ...clean(prev), ...patch };
        for (const key of Object.keys(next))
          if (next[key] === undefined || next[key] === '') delete next[key];
        return next;
      }) as never,
    });
}

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
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const { resource } = area;
  const urlSearch = useSearch({ strict: false }) as ListSearch;
  // The route keeps the URL's values as they are: this list checks them against its resource.
  const cleanSearch = useMemo(() => listSearchValidator(resource), [resource]);
  const view = useMemo(() => cleanSearch(urlSearch), [cleanSearch, urlSearch]);
  const search = useMemo(() => ({ ...view, ...fixed }), [view, fixed]);
  const setSearch = useSetListSearch(cleanSearch);
  // Invalid values and defaults leave the address bar (a shared link shows the view it opens).
  const urlIsClean = sameSearch(urlSearch, view);
  useEffect(() => {
    if (!urlIsClean) setSearch({}, { replace: true });
  });
  const actionContext = useActionContext();
  const query = toListQuery(resource, search);
  const list = useQuery({ ...listQueryOptions<T>(resource, query), placeholderData: keepPreviousData });
  const { askDelete, start, dialogs } = useRecordActions(area);

  const defaults = useMemo(
    () => Object.fromEntries(area.columns.map((c) => [c.id, !c.hiddenByDefault])) as ColumnVisibilityState,
    [area.columns],
  );
  const [columnVisibility, setColumnVisibility] = useState(() => readVisibility(resource.key, defaults));
  useEffect(() => {
    try {
      localStorage.setItem(visibilityKey(resource.key), JSON.stringify(columnVisibility));
    } catch {
      // Not kept: the choice still applies in this tab.
    }
  }, [columnVisibility, resource.key]);

  const columns = useMemo<ColumnDef<typeof features, T>[]>(
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

  const sorting: SortingState = [
    { id: sortColumnId(area, query.sort as string), desc: query.order === 'desc' },
  ];
  const pageSize = Number(query.pageSize);
  const pageIndex = Number(query.page) - 1;
  const table = useTable({
    features,
    columns,
    data: (list.data?.items as T[] | undefined) ?? (emptyRows as T[]),
    getRowId: (row) => String(row.id),
    rowCount: list.data?.total ?? 0,
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
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

  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A page beyond the last (rows deleted, a stale link): back to the last page.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && total > 0 && pageIndex > 0) {
      setSearch({ page: pageCount > 1 ? pageCount : undefined }, { replace: true });
    }
  });

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(
        resource.endpoints.export.path,
        toExportQuery(resource, search),
        `${resource.key}.csv`,
      );
    } catch (error) {
      notify.error(error);
    } finally {
      setExporting(false);
    }
  };

  const createPath = area.canCreate?.(actionContext) === false ? undefined : area.paths.create;
  const filters = (area.filters ?? []).filter(
    (filter) => !(fixed && filter.key in fixed) && (filter.visible?.(actionContext) ?? true),
  );
  const title = heading ?? i18n._(area.title);
  const headingId = useId();
  const visibleColumnCount = table.getVisibleLeafColumns().length + 1;
  const rows = table.getRowModel().rows;
  const from = total === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(total, (pageIndex + 1) * pageSize);

  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto max-w-7xl space-y-4"
      data-testid={`list-${resource.key}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id={headingId} className="text-2xl font-semibold">
            {title}
          </h1>
          <DataAge updatedAt={list.dataUpdatedAt} />
        </div>
        <div className="flex flex-wrap gap-2">
          {toolbar}
          <Button
            variant="secondary"
            loading={exporting}
            onClick={() => void exportCsv()}
            data-testid="export-csv"
          >
            <Download aria-hidden="true" className="size-4" />
            {i18n._(msg`Export CSV`)}
          </Button>
          {createPath && (
            <AppLink
              to={createPath}
              data-testid="add-record"
              className="inline-flex min-h-10 items-center gap-2 rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
            >
              <Plus aria-hidden="true" className="size-4" />
              {i18n._(area.createTitle ?? area.title)}
            </AppLink>
          )}
        </div>
      </div>

      <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-3 dark:border-slate-800">
          <SearchBox
            value={search.q ?? ''}
            hint={i18n._(msg`The list updates as you type.`)}
            onChange={(q) => setSearch({ q: q || undefined, page: undefined }, { replace: true })}
          />
          {filters.length > 0 && (
            <FilterBar
              filters={filters}
              search={search}
              onChange={(patch) => setSearch({ ...patch, page: undefined })}
            />
          )}
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
        </div>

        {list.isError && !list.data ? (
          <div className="p-4">
            <Alert kind="error">
              <p data-testid="list-error">{errorMessage(list.error)}</p>
              <Button className="mt-3" onClick={() => void list.refetch()}>
                {i18n._(msg`Retry`)}
              </Button>
            </Alert>
          </div>
        ) : (
          <div className="overflow-x-auto" data-testid="table-scroller">
            <table
              className="w-full min-w-max border-collapse text-sm"
              aria-busy={list.isFetching || undefined}
            >
              <caption className="sr-only">
                {title}
                {total > 0 && ` — ${i18n._(msg`rows ${from} to ${to} of ${total}`)}`}
              </caption>
              <thead className="bg-slate-50 text-start dark:bg-slate-800/60">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => {
                      const sorted = header.column.getIsSorted();
                      const canSort = header.column.getCanSort();
                      return (
                        <th
                          key={header.id}
                          scope="col"
                          aria-sort={
                            canSort
                              ? sorted === 'asc'
                                ? 'ascending'
                                : sorted === 'desc'
                                  ? 'descending'
                                  : 'none'
                              : undefined
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
                    })}
                    <th
                      scope="col"
                      className="px-3 py-2 text-end font-semibold text-slate-700 dark:text-slate-200"
                    >
                      {i18n._(msg`Actions`)}
                    </th>
                  </tr>
                ))}
              </thead>
              <tbody>
                {list.isPending ? (
                  Array.from({ length: Math.min(pageSize, 10) }, (_, i) => (
                    <tr
                      key={i}
                      data-testid="skeleton-row"
                      className="border-t border-slate-100 dark:border-slate-800"
                    >
                      {Array.from({ length: visibleColumnCount }, (_, j) => (
                        <td key={j} className="px-3 py-3">
                          <span className="block h-4 w-full max-w-40 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
                        </td>
                      ))}
                    </tr>
                  ))
                ) : rows.length === 0 ? (
                  <tr>
                    <td
                      colSpan={visibleColumnCount}
                      className="px-3 py-10 text-center"
                      data-testid="list-empty"
                    >
                      {hasNarrowing(resource, search) ? (
                        <>
                          <p className="font-medium">
                            {i18n._(msg`Nothing matches this search or these filters.`)}
                          </p>
                          <Button
                            variant="secondary"
                            className="mt-3"
                            onClick={() =>
                              setSearch(
                                Object.fromEntries(
                                  ['q', 'page', ...Object.keys(resource.filters.shape)].map((k) => [
                                    k,
                                    undefined,
                                  ]),
                                ),
                              )
                            }
                          >
                            {i18n._(msg`Clear search and filters`)}
                          </Button>
                        </>
                      ) : (
                        <p className="font-medium">{i18n._(msg`There are no records yet.`)}</p>
                      )}
                    </td>
                  </tr>
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
                          onDelete={() => askDelete(row.original)}
                          onAction={(action) => start(action, row.original)}
                        />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}

        <Pagination
          total={total}
          from={from}
          to={to}
          page={pageIndex + 1}
          pageCount={pageCount}
          pageSize={pageSize}
          onPage={(page) => table.setPageIndex(page - 1)}
          onPageSize={(size) => setSearch({ pageSize: size, page: undefined })}
        />
      </div>
      {dialogs}
    </section>
  );
}

/** The table column showing the sort column of the query (columns name their sort column). */
function sortColumnId<T extends BaseRecord>(area: AreaConfig<T>, sort: string): string {
  return area.columns.find((c) => c.sort === sort)?.id ?? sort;
}

function SearchBox({
  value,
  hint,
  onChange,
}: {
  value: string;
  hint: string;
  onChange: (q: string) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [text, setText] = useState(value);
  // The URL changed elsewhere (back button, "clear"): the box follows.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });
  return (
    <div className="w-full min-w-0 space-y-1 sm:w-72">
      <label htmlFor={id} className="block text-sm font-medium">
        {i18n._(msg`Search`)}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-2 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          title={hint}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
          className={cx(inputClass(false), 'ps-8')}
          data-testid="list-search"
        />
      </div>
      <p id={`${id}-hint`} className="sr-only">
        {hint}
      </p>
    </div>
  );
}

function RowMenu<T extends BaseRecord>({
  area,
  row,
  onDelete,
  onAction,
}: {
  area: AreaConfig<T>;
  row: T;
  onDelete: () => void;
  onAction: (action: NonNullable<AreaConfig<T>['actions']>[number]) => void;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const context = useActionContext();
  const name = area.recordName(row, { i18n, language });
  const extras = (area.actions ?? []).filter((action) => action.visible?.(row, context) ?? true);
  const canRemove = Boolean(area.resource.endpoints.remove) && (area.canRemove?.(row, context) ?? true);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={i18n._(msg`Actions for ${name}`)}
          data-testid="row-actions"
          className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800"
        >
          <MoreHorizontal aria-hidden="true" className="size-5" />
        </button>
      </DropdownMenu.Trigger>
      <MenuContent>
        {area.paths.details && (
          <DropdownMenu.Item asChild className={menuItemClass}>
            <AppLink to={area.paths.details(row.id)}>
              <Eye aria-hidden="true" className="size-4" />
              {i18n._(msg`View`)}
            </AppLink>
          </DropdownMenu.Item>
        )}
        {area.paths.edit && (area.canEdit?.(row) ?? true) && (
          <DropdownMenu.Item asChild className={menuItemClass}>
            <AppLink to={area.paths.edit(row.id, row)}>
              <Pencil aria-hidden="true" className="size-4" />
              {i18n._(msg`Edit`)}
            </AppLink>
          </DropdownMenu.Item>
        )}
        {extras.map((action) => {
          const Icon = action.icon;
          return (
            <DropdownMenu.Item
              key={action.id}
              className={cx(menuItemClass, action.danger && 'text-red-700 dark:text-red-400')}
              onSelect={() => onAction(action)}
            >
              {Icon && <Icon aria-hidden="true" className="size-4" />}
              {i18n._(action.label)}
            </DropdownMenu.Item>
          );
        })}
        {canRemove && (
          <DropdownMenu.Item
            className={cx(menuItemClass, 'text-red-700 dark:text-red-400')}
            onSelect={onDelete}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {i18n._(msg`Delete`)}
          </DropdownMenu.Item>
        )}
      </MenuContent>
    </DropdownMenu.Root>
  );
}

function Pagination({
  total,
  from,
  to,
  page,
  pageCount,
  pageSize,
  onPage,
  onPageSize,
}: {
  total: number;
  from: number;
  to: number;
  page: number;
  pageCount: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { i18n } = useLingui();
  const sizeId = useId();
  const n = (value: number) => i18n.number(value);
  return (
    <nav
      aria-label={i18n._(msg`Pagination`)}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-3 text-sm dark:border-slate-800"
    >
      <p data-testid="list-range" aria-live="polite">
        {total === 0
          ? i18n._(msg`No rows`)
          : i18n._(msg`${n(from)}–${n(to)} of ${plural(total, { one: '# row', other: '# rows' })}`)}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sizeId}>{i18n._(msg`Rows per page`)}</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
          className={inputClass(false).replace('w-full', 'w-auto')}
          data-testid="page-size"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {n(size)}
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          data-testid="page-previous"
        >
          {i18n._(msg`Previous`)}
        </Button>
        <span data-testid="page-of">{i18n._(msg`Page ${n(page)} of ${n(pageCount)}`)}</span>
        <Button
          variant="secondary"
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
          data-testid="page-next"
        >
          {i18n._(msg`Next`)}
        </Button>
      </div>
    </nav>
  );
}
