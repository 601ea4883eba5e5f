import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { undoesDelete } from '@/app/undo';
import { useActionContext } from '../actions';
import { askedOf, type Asked } from '../AskDialog';
import type { BaseRecord } from '../queries';
import type { AreaAction, AreaConfig } from '../types';
import type { Selection } from './useSelection';

export interface BulkChoice extends Asked {
  id: string;
  action: string;
  params: (reason: string | null) => Record<string, unknown>;
}

/** The actions offered for the selection: those of the area with a bulk form, and delete. */
export function useBulkChoices<T extends BaseRecord>(
  area: AreaConfig<T>,
  rows: readonly T[],
  selection: Selection,
) {
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
      ...askedOf(a, i18n),
      id: a.id,
      action: a.bulk.action,
      params: a.bulk.params,
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
