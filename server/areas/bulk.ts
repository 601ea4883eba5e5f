/**
 * The row actions each area offers in bulk, by the contract's action names (`bulkActionsOf` in
 * src/contract/bulk.ts): the same functions its single-row endpoints run (server/resources/row-actions.ts),
 * and the resource router's delete for every resource that has one.
 */
import { resources } from '../../src/contract/areas';
import { IMPORT_ACTION, importable } from '../../src/contract/import';
import { importRow } from '../resources/import-row';
import type { BulkRowActions } from '../resources/bulk-jobs';
import { removeRow } from '../resources/delete';
import type { ResourceImpls } from '../resources/impl';
import type { RowAction } from '../resources/row-actions';
import { decideAd } from './advertisement.routes';
import { moveBooking } from './booking.routes';
import { moveEvent, setEventFeatured } from './event.routes';
import { setProviderStatus } from './serviceprovider.routes';
import { setSupervisorStatus } from './supervisor.routes';
import { setUserStatus } from './user.routes';

const row = <B extends { id: number }>(action: RowAction<B>) => action as unknown as RowAction;

export const bulkRowActions = (impls: ResourceImpls): BulkRowActions => {
  const out: BulkRowActions = {
    serviceprovider: { status: row(setProviderStatus) },
    user: { status: row(setUserStatus) },
    supervisor: { status: row(setSupervisorStatus) },
    event: { status: row(moveEvent), featured: row(setEventFeatured) },
    advertisement: { status: row(decideAd) },
    booking: { status: row(moveBooking) },
  };
  // Every area that can create imports through its create (docs/decisions/0073-import-from-files.md).
  for (const resource of importable)
    out[resource.key] = {
      ...out[resource.key],
      [IMPORT_ACTION]: row(importRow(resource, impls[resource.key]!)),
    };
  for (const resource of resources)
    if (resource.endpoints.remove)
      out[resource.key] = { ...out[resource.key], delete: removeRow(resource, impls[resource.key]!) };
  return out;
};
