/**
 * The bar of a list with selected rows (docs/decisions/0021-bulk-actions-and-list-keyboard.md): how
 * many, "Select all N matching", the area's actions for many rows (each asked once: its reason or
 * its confirmation), the selection as CSV, and the progress of the bulk jobs started here.
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Download, Trash2, X } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import type { BulkJob } from '@/contract/bulk';
import type { Language } from '@/contract';
import { endpointName, send } from '@/app/outbox';
import { trackBulkJob } from '@/app/bulk-jobs';
import { undoesDelete } from '@/app/undo';
import { notify } from '@/app/notify';
import { menuItemClass } from '@/components/menu';
import { MenuContent } from '@/components/menu-panel';
import { Button, cx } from '@/components/ui';
import { routes } from '@/contract/routes.gen';
import { ApiError, errorMessage, newIdempotencyKey } from '@/lib/api';
import { useActionContext } from '../actions';
import { ConfirmDialog, ReasonDialog } from '@/components/dialogs';
import type { BaseRecord } from '../queries';
import { toExportQuery, type ListSearch } from '../search';
import type { AreaAction, AreaConfig } from '../types';
import { SelectPage } from './SelectBoxes';
import { downloadSelectionCsv } from './selection-csv';
import type { Selection } from './useSelection';

interface BulkChoice {
  id: string;
  label: string;
  action: string;
  params: (reason: string | null) => Record<string, unknown>;
  danger?: boolean;
  reason?: { title: string; required: boolean };
  confirm?: string;
}

/** The actions offered for the selection: those of the area with a bulk form, and delete. */
function useChoices<T extends BaseRecord>(area: AreaConfig<T>, rows: readonly T[], selection: Selection) {
  const { i18n } = useLingui();
  const context = useActionContext();
  const picked = selection.all ? rows : rows.filter((row) => selection.has(row.id));
  // An action any of the selected rows of this page allows (the server decides for each row).
  const offered = (visible?: (row: T) => boolean) =>
    picked.length === 0 || picked.some((row) => visible?.(row) ?? true);
  const choices: BulkChoice[] = (area.actions ?? [])
    .filter((a): a is AreaAction<T> & { bulk: NonNullable<AreaAction<T>['bulk']> } => Boolean(a.bulk))
    .filter((a) => offered((row) => a.visible?.(row, context) ?? true))
    .map((a) => ({
      id: a.id,
      label: i18n._(a.label),
      action: a.bulk.action,
      params: a.bulk.params,
      danger: a.danger,
      reason: a.reason && { title: i18n._(a.reason.title), required: a.reason.required },
      confirm: a.confirm && i18n._(a.confirm),
    }));
  if (area.resource.endpoints.remove && offered((row) => area.canRemove?.(row, context) ?? true))
    choices.push({
      id: 'delete',
      label: i18n._(msg`Delete`),
      action: 'delete',
      params: () => ({}),
      danger: true,
      confirm: undoesDelete(area.resource.key)
        ? i18n._(msg`You can undo it for 10 seconds after.`)
        : i18n._(msg`This cannot be undone.`),
    });
  return choices;
}

export function BulkBar<T extends BaseRecord>({
  area,
  rows,
  total,
  capped = false,
  search,
  selection,
}: {
  area: AreaConfig<T>;
  rows: readonly T[];
  total: number;
  /** More than `total` rows match (a capped count). */
  capped?: boolean;
  search: ListSearch;
  selection: Selection;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const queryClient = useQueryClient();
  const choices = useChoices(area, rows, selection);
  const [pending, setPending] = useState<{ choice: BulkChoice; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { resource } = area;
  const pageIds = rows.map((row) => row.id);
  if (pageIds.length === 0 && selection.count === 0) return null;

  const close = () => {
    setPending(null);
    setError(null);
  };
  const run = async (choice: BulkChoice, reason: string | null, key: string) => {
    const name = endpointName(routes[`${resource.key}Bulk` as keyof typeof routes]);
    if (!name) return;
    const body = {
      ...(selection.all ? { filter: toExportQuery(resource, search) } : { ids: [...selection.ids] }),
      action: choice.action,
      params: choice.params(reason),
    };
    const count = `${i18n.number(selection.count)}${selection.countCapped ? '+' : ''}`;
    const label = `${i18n._(area.title)} (${count}): ${choice.label}`;
    setBusy(true);
    setError(null);
    try {
      const answer = await send(
        name,
        { body },
        { summary: label, resource: resource.key, idempotencyKey: key },
      );
      if (answer.queued) notify.success(answer.message);
      else
        trackBulkJob(answer.data as BulkJob, {
          resource: resource.key,
          label,
          queryClient,
          // Its end notice offers Undo (docs/decisions/0025-undo.md), but not for deleted accounts.
          undo: choice.action !== 'delete' || undoesDelete(resource.key),
        });
      selection.clear();
      close();
    } catch (caught) {
      // A refusal of the whole request (a reason missing, no permission): said in the dialog.
      if (caught instanceof ApiError && caught.status < 500) {
        setError(caught.message);
        setPending((p) => p && { ...p, key: newIdempotencyKey() });
      } else {
        notify.error(caught);
        close();
      }
    } finally {
      setBusy(false);
    }
  };

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
      <label className="inline-flex items-center gap-2">
        <SelectPage selection={selection} ids={pageIds} />
        <span className={selection.count ? 'sr-only' : ''}>{i18n._(msg`Select this page`)}</span>
      </label>
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
                    onSelect={() => setPending({ choice, key: newIdempotencyKey() })}
                  >
                    {choice.id === 'delete' && <Trash2 aria-hidden="true" className="size-4" />}
                    {choice.label}
                  </DropdownMenu.Item>
                ))}
              </MenuContent>
            </DropdownMenu.Root>
          )}
          <Button
            variant="secondary"
            data-testid="bulk-export"
            onClick={() =>
              void downloadSelectionCsv(area, rows, selection, search, language).catch((e: unknown) =>
                notify.error(errorMessage(e)),
              )
            }
          >
            <Download aria-hidden="true" className="size-4" />
            {i18n._(msg`Export selection`)}
          </Button>
          <Button variant="secondary" onClick={selection.clear} data-testid="bulk-clear">
            <X aria-hidden="true" className="size-4" />
            {i18n._(msg`Clear selection`)}
          </Button>
        </div>
      )}
      {pending &&
        (pending.choice.reason ? (
          <ReasonDialog
            open
            onOpenChange={(open) => !open && close()}
            title={`${pending.choice.reason.title} — ${countText}`}
            confirmLabel={pending.choice.label}
            required={pending.choice.reason.required}
            busy={busy}
            error={error}
            onConfirm={(reason) => void run(pending.choice, reason, pending.key)}
          />
        ) : (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && close()}
            title={`${pending.choice.label} — ${countText}`}
            description={pending.choice.confirm ?? ''}
            confirmLabel={pending.choice.label}
            danger={pending.choice.danger}
            busy={busy}
            error={error}
            onConfirm={() => void run(pending.choice, null, pending.key)}
          />
        ))}
    </div>
  );
}
