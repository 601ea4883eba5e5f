/**
 * The operations whose writes can be undone (docs/decisions/0034-undo-tokens-minted-by-the-server.md),
 * by the audit trail's `operation`: every single-row action offered in bulk (status moves, featured,
 * delete), the admins' approvals, and the bulk jobs of them. Derived from the contract: the route
 * pipeline mints an undo token on these answers (route.ts), and undo accepts only their writes.
 */
import { resources } from '../../src/contract/areas';
import { advertisementApi } from '../../src/contract/areas/advertisement';
import { eventApi } from '../../src/contract/areas/event';
import { bulkActionsOf } from '../../src/contract/bulk';
import { IMPORT_ACTION, importable } from '../../src/contract/import';
import type { AnyEndpoint } from '../../src/contract/http';
import type { Resource } from '../../src/contract/resource';

/** An operation that can be undone: its endpoint's access, and the resources it acts on. */
export interface Undoable {
  access: AnyEndpoint['access'];
  resources: Resource[];
}

/** The audit trail's name of an endpoint's writes. */
export const operationOf = (e: Pick<AnyEndpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

/** The operation of a bulk job's rows. */
export const bulkOperation = (resourceKey: string, action: string) =>
  `POST /api/${resourceKey}/bulk (${action})`;

export const UNDOABLE: ReadonlyMap<string, Undoable> = (() => {
  const out = new Map<string, Undoable>();
  const add = (op: string, access: AnyEndpoint['access'], resource: Resource) => {
    const known = out.get(op);
    if (known) known.resources.push(resource);
    else out.set(op, { access, resources: [resource] });
  };
  for (const resource of resources)
    for (const [action, def] of Object.entries(bulkActionsOf(resource))) {
      add(operationOf(def.single), def.single.access, resource);
      add(bulkOperation(resource.key, action), def.single.access, resource);
    }
  // An import's job: undone by removing what it created and putting back what it updated.
  for (const resource of importable)
    add(bulkOperation(resource.key, IMPORT_ACTION), resource.endpoints.create!.access, resource);
  const event = resources.find((r) => r.key === 'event')!;
  const ad = resources.find((r) => r.key === 'advertisement')!;
  add(operationOf(eventApi.eventApprove), eventApi.eventApprove.access, event);
  add(
    operationOf(advertisementApi.advertisementAdsApprove),
    advertisementApi.advertisementAdsApprove.access,
    ad,
  );
  return out;
})();
