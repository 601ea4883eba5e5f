/**
 * The rules a forward write runs, run again when a record is put back from the audit trail: by an
 * admin's restore and by a user's undo (server/resources/restore.ts, docs/decisions/0034-undo-tokens-minted-by-the-server.md).
 * Putting data back is a write like any other; it may not reach what the same values written
 * through the area's own endpoints would be refused:
 * - a service provider changes a shared record (a master) only when it added it and no other
 *   provider's record uses it (`guardAddedBy`);
 * - a record whose editable fields come back is checked and written as an update of the record to
 *   those values would be: the area's `check` (an event's capacity not below the seats sold, the
 *   references it names exist and fit, its images stored, …) and its `updateValues` and `update`
 *   (a provider's edit of an approved advertisement waits for a new approval);
 * - a move the put-back makes runs the area's `putBack` (an event back from a cancellation tells
 *   the guests who were told of it: server/areas/event.mail.ts);
 * - a deleted record put back is checked as a create of its values would be.
 * A refusal is a 409 with the rule's message: the caller sent no fields to correct.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import { resources } from '../../src/contract/areas';
import type { Resource } from '../../src/contract/resource';
import type { Tx } from '../db/client';
import { smsg } from '../core/messages';
import { conflict, HttpError, notFound } from '../core/errors';
import type { Impl, ResourceImpls } from './impl';
import { findOne, resourceCtxOf } from './query';
import { guardAddedBy } from './write';
import type { RowCtx } from './row-actions';

/** How a put-back record is checked; `before` reads the record as it is, `after` runs the rules. */
export interface PutBackRules {
  before(tx: Tx, id: number): Promise<unknown>;
  after(tx: Tx, id: number, existing: unknown, fields: string[], action: 'update' | 'delete'): Promise<void>;
}

/** A rule's refusal, answered as a conflict with its (first field's) message. */
const asConflict = (err: unknown) => {
  if (!(err instanceof HttpError) || err.status !== 422) return err;
  const first = Object.values(err.errors ?? {})[0];
  return conflict(first ?? err.message);
};

const forwardRules = (resource: Resource, impl: Impl, row: RowCtx): PutBackRules => {
  const ctx = resourceCtxOf(resource, row);
  const editable = Object.keys(resource.input.shape);
  // The table's columns that hold an editable field (database names, as the trail records them).
  const editableColumns = new Set(
    Object.entries(getTableColumns(impl.table))
      .filter(([key]) => editable.includes(key))
      .map(([, column]) => column.name),
  );
  return {
    before: (tx, id) => findOne(tx, resource, impl, ctx, id),
    async after(tx, id, existing, fields, action) {
      await guardAddedBy(impl, tx, ctx, id);
      if (action === 'update') await impl.putBack?.(tx, id, ctx, existing as never);
      if (action === 'update' && !fields.some((f) => editableColumns.has(f))) return;
      const record = await findOne(tx, resource, impl, ctx, id);
      if (!record) throw notFound();
      const parsed = resource.input.safeParse(
        Object.fromEntries(editable.map((key) => [key, (record as Record<string, unknown>)[key]])),
      );
      if (!parsed.success) throw conflict(smsg('restoreRule'));
      const input = parsed.data as never;
      const prior = action === 'update' ? (existing as never) : null;
      try {
        await impl.check?.(tx, input, ctx, prior);
      } catch (err) {
        throw asConflict(err);
      }
      if (action !== 'update') return;
      const own = impl.updateValues
        ? await impl.updateValues(tx, input, ctx, prior!)
        : (impl.values?.(input, ctx) ?? {});
      if (Object.keys(own).length) await tx.update(impl.table).set(own).where(eq(impl.columns.id, id));
      await impl.update?.(tx, id, input, ctx, prior!);
    },
  };
};

/**
 * The rules of each area for one caller, by area key (a record's `resource` on the audit trail),
 * made once per area for a restore or an undo however many records it puts back.
 */
export const forwardRulesOf = (impls: ResourceImpls, row: RowCtx) => {
  const made = new Map<string, PutBackRules | undefined>();
  return (key: string) => {
    if (!made.has(key)) {
      const resource = resources.find((r) => r.key === key);
      const impl = impls[key];
      made.set(key, resource && impl ? forwardRules(resource, impl, row) : undefined);
    }
    return made.get(key);
  };
};
