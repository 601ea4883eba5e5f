import { useState, type ReactNode, type RefObject } from 'react';
import type { BaseRecord } from '../queries';
import type { ListSearch } from '../search';
import type { AreaConfig } from '../types';
import { BulkBar } from './BulkBar';
import { BulkProgress } from './BulkProgress';
import { KeyboardHelp } from './KeyboardHelp';
import { LIST_SHORTCUTS, useListKeyboard } from './useListKeyboard';
import { useSelection, type Selection } from './useSelection';

/**
 * What a list adds for many rows and the keyboard (docs/decisions/0021-bulk-actions-and-list-keyboard.md):
 * the selection, the bar of its actions with the progress of the jobs, the keys, their help and the
 * live region that announces them.
 */
export function useListBulk<T extends BaseRecord>(
  area: AreaConfig<T>,
  section: RefObject<HTMLElement | null>,
  list: {
    rows: readonly T[];
    total: number;
    /** More than `total` rows match (a capped count: "1,000+"). */
    capped: boolean;
    search: ListSearch;
    /** The view (page, sort, filters, search): the selection empties when it changes. */
    viewKey: string;
    page: number;
    pageCount: number;
    setPage: (page: number) => void;
    /** The page's check box is in the table's header (not on a phone's cards): the bar shows once rows are chosen. */
    boxInHeader: boolean;
  },
): {
  selection: Selection;
  sectionProps: { 'aria-keyshortcuts': string };
  bar: ReactNode;
  extras: ReactNode;
} {
  const selection = useSelection(list.total, list.viewKey, list.capped);
  const [help, setHelp] = useState(false);
  const announcement = useListKeyboard(section, {
    selection,
    onHelp: () => setHelp(true),
    onPage: (delta) => {
      const next = list.page + delta;
      if (next >= 1 && (next <= list.pageCount || list.capped)) list.setPage(next);
    },
  });
  return {
    selection,
    sectionProps: { 'aria-keyshortcuts': LIST_SHORTCUTS },
    bar: (
      <>
        <BulkBar
          area={area}
          rows={list.rows}
          total={list.total}
          capped={list.capped}
          search={list.search}
          selection={selection}
          boxInHeader={list.boxInHeader}
        />
        <BulkProgress resource={area.resource.key} />
      </>
    ),
    extras: (
      <>
        <p className="sr-only" aria-live="polite" data-testid="list-announcer">
          {announcement}
        </p>
        <KeyboardHelp open={help} onOpenChange={setHelp} />
      </>
    ),
  };
}
