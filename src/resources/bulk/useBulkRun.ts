import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { BulkJob } from '@/contract/bulk';
import { endpointName, send } from '@/app/outbox';
import { trackBulkJob } from '@/app/bulk-jobs';
import { undoesDelete } from '@/app/undo';
import { notifyKept } from '@/app/kept-notice';
import { routes } from '@/contract/routes.gen';
import type { BaseRecord } from '../queries';
import { toExportQuery, type ListSearch } from '../search';
import type { AreaConfig } from '../types';
import { useAskedAction } from '../useAskedAction';
import type { BulkChoice } from './useBulkChoices';
import type { Selection } from './useSelection';

/** The bulk action waiting on its dialog, and sending it for the selection as a bulk job. */
export function useBulkRun<T extends BaseRecord>(
  area: AreaConfig<T>,
  search: ListSearch,
  selection: Selection,
) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const asked = useAskedAction<{ choice: BulkChoice; key: string }>();
  const { resource } = area;

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
    await asked.attempt(
      async () => {
        const answer = await send(
          name,
          { body },
          { summary: label, resource: resource.key, idempotencyKey: key },
        );
        if (answer.queued) notifyKept(answer.message);
        else
          trackBulkJob(answer.data as BulkJob, {
            resource: resource.key,
            label,
            queryClient,
            // Its end notice offers Undo (docs/decisions/0025-undo.md), but not for deleted accounts.
            undo: choice.action !== 'delete' || undoesDelete(resource.key),
          });
        selection.clear();
        asked.close();
      },
      // A refusal of the whole request (a reason missing, no permission): said in the dialog.
      (status) => status < 500,
    );
  };

  return { ...asked, run };
}
