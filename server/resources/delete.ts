/** Delete: 409 "still used by N …" while the record is referenced. */
import { eq } from 'drizzle-orm';
import type { Resource } from '../../src/contract/resource';
import { conflict, notFound } from '../core/errors';
import { smsg } from '../core/messages';
import type { Impl } from './impl';
import { findOne, idOf, resourceCtxOf, type H } from './query';
import { rowCtx, runRowAction, type RowAction } from './row-actions';
import { guardAddedBy, refusalOf } from './write';

/**
 * Delete one record (a row action: the resource's delete endpoint and bulk jobs): 404 outside the
 * caller's scope, 409 while it is referenced; stored files go after the commit.
 */
export const removeRow =
  (resource: Resource, impl: Impl): RowAction =>
  async (tx, row, { id }) => {
    const ctx = resourceCtxOf(resource, row);
    let extra: unknown = null;
    try {
      // A savepoint: a constraint failure is answered without ending the caller's transaction.
      const existing = await tx.transaction(async (sp) => {
        const found = await findOne(sp, resource, impl, ctx, id);
        if (!found) throw notFound();
        await guardAddedBy(impl, sp, ctx, id);
        for (const ref of impl.references ?? []) {
          const n = await ref.count(sp, id);
          if (n > 0) throw conflict(ref.message(n));
        }
        if (impl.delete) extra = await impl.delete(sp, id, ctx, found);
        else await sp.delete(impl.table).where(eq(impl.columns.id, id));
        return found;
      });
      return { changed: true, after: async () => impl.afterDelete?.(ctx, existing, extra) };
    } catch (err) {
      throw refusalOf(err, impl);
    }
  };

export const remove = async (resource: Resource, impl: Impl, h: H) => {
  await runRowAction(removeRow(resource, impl), rowCtx(h.deps, h.requireAuth(), h.lang), { id: idOf(h) });
  return { message: smsg('deleted') };
};
