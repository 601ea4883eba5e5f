import { useLingui } from '@lingui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Resource } from '@/contract';
import { notify } from '@/app/notify';
import { downloadFile } from '@/lib/transfer';
import { useActionContext, useRecordActions } from '../actions';
import { listQueryOptions, type BaseRecord } from '../queries';
import { toExportQuery, toListQuery, type ListSearch } from '../search';
import type { AreaConfig } from '../types';
import { useColumnVisibility } from './useColumnVisibility';
import { useListSearch } from './useListSearch';
import { useListTable } from './useListTable';
import { COLUMNS_KEY, LAYOUT_KEY, urlLayout } from './view-state';

/** CSV export of the current view (its sort, search and filters). */
function useCsvExport(resource: Resource, search: ListSearch) {
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
  return { exporting, exportCsv };
}

/**
 * The state of the generic list: the view in the URL, the page's query, the table, the row actions
 * and the export.
 */
export function useListState<T extends BaseRecord>(
  area: AreaConfig<T>,
  fixed: Record<string, string> | undefined,
) {
  const { i18n } = useLingui();
  const { resource } = area;
  const { search, setSearch } = useListSearch(resource, fixed);
  const actionContext = useActionContext();
  const query = toListQuery(resource, search);
  // Another layout in place of the table (the events' calendar) reads its own records.
  const layoutKey = urlLayout(resource, search[LAYOUT_KEY]);
  const layout =
    layoutKey && area.layouts?.[layoutKey] ? { key: layoutKey, page: area.layouts[layoutKey] } : null;
  const list = useQuery({
    ...listQueryOptions<T>(resource, query),
    placeholderData: keepPreviousData,
    enabled: !layout,
  });
  const { askDelete, start, dialogs } = useRecordActions(area);
  const [columnVisibility, setColumnVisibility, measureColumns, cellCap] = useColumnVisibility(
    area,
    search[COLUMNS_KEY] as string | undefined,
    (columns) => setSearch({ [COLUMNS_KEY]: columns }, { replace: true }),
  );
  const { table, pageSize, pageIndex } = useListTable({
    area,
    i18n,
    query,
    data: list.data,
    setSearch,
    columnVisibility,
    setColumnVisibility,
  });

  const total = list.data?.total ?? 0;
  // A capped total ("1,000+") is a lower bound: the pages it counts, and Next past them.
  const capped = list.data?.totalCapped === true;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A page beyond the last (rows deleted, a stale link): back to the last page.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && total > 0 && pageIndex > 0) {
      setSearch({ page: pageCount > 1 ? pageCount : undefined }, { replace: true });
    }
  });

  const { exporting, exportCsv } = useCsvExport(resource, search);
  return {
    i18n,
    actionContext,
    search,
    setSearch,
    list,
    table,
    measureColumns,
    cellCap,
    pageSize,
    pageIndex,
    total,
    capped,
    pageCount,
    exporting,
    exportCsv,
    askDelete,
    start,
    dialogs,
    layout,
  };
}
