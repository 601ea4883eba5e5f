/**
 * The bar of a list with selected rows (docs/decisions/0021-bulk-actions-and-list-keyboard.md): how
 * many, "Select all N matching", the area's actions for many rows (each asked once: its reason or
 * its confirmation), the selection as CSV, and the progress of the bulk jobs started here.
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ChevronDown, Download, Trash2, X } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { Language } from '@/contract';
import { notify } from '@/app/notify';
import { menuItemClass } from '@/components/menu';
import { MenuContent } from '@/components/menu-panel';
import { Button, cx } from '@/components/ui';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { AskDialog } from '../AskDialog';
import type { BaseRecord } from '../queries';
import type { ListSearch } from '../search';
import type { AreaConfig } from '../types';
import { SelectPage } from './SelectBoxes';
import { downloadSelectionCsv } from './selection-csv';
import { useBulkChoices, type BulkChoice } from './useBulkChoices';
import { useBulkRun } from './useBulkRun';
import type { Selection } from './useSelection';

export function BulkBar<T extends BaseRecord>({
  area,
  rows,
  total,
  capped = false,
  search,
  selection,
  boxInHeader,
}: {
  area: AreaConfig<T>;
  rows: readonly T[];
  total: number;
  /** More than `total` rows match (a capped count). */
  capped?: boolean;
  search: ListSearch;
  selection: Selection;
  /** The page's check box is in the table's header, not in this bar. */
  boxInHeader: boolean;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const choices = useBulkChoices(area, rows, selection);
  const bulk = useBulkRun(area, search, selection);
  const { pending } = bulk;
  const pageIds = rows.map((row) => row.id);
  if (pageIds.length === 0 && selection.count === 0) return null;
  // Nothing chosen and the page's box in the table's header: no bar until rows are chosen.
  if (boxInHeader && selection.count === 0) return null;

  const countText = selection.countCapped
    ? i18n._(msg`${i18n.number(selection.count)}+ rows selected`)
    : i18n._(plural(selection.count, { one: '# row selected', other: '# rows selected' }));
  return (
    <div
      role="region"
      aria-label={i18n._(msg`Selected rows`)}
      data-testid="bulk-bar"
      className={cx(
        'flex min-h-12 flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 text-sm dark:border-slate-800',
        selection.count > 0 && 'bg-indigo-50 dark:bg-indigo-950/40',
      )}
    >
      {!boxInHeader && <PageBox selection={selection} ids={pageIds} />}
      <span className="font-medium" aria-live="polite" data-testid="bulk-count">
        {selection.count > 0 && countText}
      </span>
      {selection.count > 0 && !selection.all && total > pageIds.length && (
        <button
          type="button"
          data-testid="select-all-matching"
          onClick={selection.selectAll}
          className="rounded px-2 py-1 font-medium text-indigo-700 underline hover:bg-indigo-100 dark:text-indigo-300 dark:hover:bg-indigo-900"
        >
          {capped
            ? i18n._(msg`Select all ${i18n.number(total)}+ matching`)
            : i18n._(msg`Select all ${total} matching`)}
        </button>
      )}
      {selection.count > 0 && (
        <BulkButtons
          choices={choices}
          onChoose={(choice) => bulk.setPending({ choice, key: newIdempotencyKey() })}
          onExport={() =>
            void downloadSelectionCsv(area, rows, selection, search, language).catch((e: unknown) =>
              notify.error(errorMessage(e)),
            )
          }
          onClear={selection.clear}
        />
      )}
      {pending && (
        <AskDialog
          asked={pending.choice}
          subject={countText}
          busy={bulk.busy}
          error={bulk.error}
          onClose={bulk.close}
          onConfirm={(reason) => void bulk.run(pending.choice, reason, pending.key)}
        />
      )}
    </div>
  );
}

/** The page's check box with its words, on a phone's cards (a table has it in its header). */
function PageBox({ selection, ids }: { selection: Selection; ids: readonly number[] }) {
  const { i18n } = useLingui();
  return (
    <label className="inline-flex items-center gap-2">
      <SelectPage selection={selection} ids={ids} />
      <span className={selection.count ? 'sr-only' : ''}>{i18n._(msg`Select this page`)}</span>
    </label>
  );
}

/** The buttons for the selected rows: the actions' menu, the selection as CSV, and clearing it. */
function BulkButtons({
  choices,
  onChoose,
  onExport,
  onClear,
}: {
  choices: readonly BulkChoice[];
  onChoose: (choice: BulkChoice) => void;
  onExport: () => void;
  onClear: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className="ms-auto flex flex-wrap gap-2">
      {choices.length > 0 && (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <Button variant="secondary" data-testid="bulk-actions">
              {i18n._(msg`Actions`)}
              <ChevronDown aria-hidden="true" className="size-4" />
            </Button>
          </DropdownMenu.Trigger>
          <MenuContent>
            {choices.map((choice) => (
              <DropdownMenu.Item
                key={choice.id}
                data-testid={`bulk-action-${choice.id}`}
                className={cx(menuItemClass, choice.danger && 'text-red-700 dark:text-red-400')}
                onSelect={() => onChoose(choice)}
              >
                {choice.id === 'delete' && <Trash2 aria-hidden="true" className="size-4" />}
                {choice.label}
              </DropdownMenu.Item>
            ))}
          </MenuContent>
        </DropdownMenu.Root>
      )}
      <Button variant="secondary" data-testid="bulk-export" onClick={onExport}>
        <Download aria-hidden="true" className="size-4" />
        {i18n._(msg`Export selection`)}
      </Button>
      <Button variant="secondary" onClick={onClear} data-testid="bulk-clear">
        <X aria-hidden="true" className="size-4" />
        {i18n._(msg`Clear selection`)}
      </Button>
    </div>
  );
}
