/**
 * The row action of an import's job (docs/decisions/0073-import-from-files.md): each valid row's
 * body through the area's create, or its update of the record the key found.
 */
import { eq } from 'drizzle-orm';
import type { Resource } from '../../src/contract/resource';
import type { Db } from '../db/client';
import { validate } from '../http/route-validate';
import type { Deps } from '../http/types';
import type { Impl } from './impl';
import { updateBodyOf } from './import';
import type { H } from './query';
import type { RowAction } from './row-actions';
import { create, update } from './write';

/**
 * The row action of an import's job: the row's body through the area's create, or its update of
 * the record the key found (at its version now), as the form's endpoint runs them.
 */
export const importRow =
  (resource: Resource, impl: Impl): RowAction<{ id: number; data?: { body: Record<string, unknown> } }> =>
  async (tx, ctx, { id, data }) => {
    const later: ((deps: Deps) => Promise<void> | void)[] = [];
    const h = {
      deps: {
        ...ctx.deps,
        db: tx as unknown as Db,
        afterCommit: (w: (deps: Deps) => Promise<void> | void) => later.push(w),
      },
      lang: ctx.lang,
      requireAuth: () => ctx.auth,
      auth: ctx.auth,
      audit: ctx.audit,
      // The status of the form's answer (201) has no answer to go to here.
      setStatus: () => undefined,
    } as unknown as H;
    const body = data?.body ?? {};
    let created: number | undefined;
    if (id) {
      const [row] = (await tx
        .select({ version: impl.columns.version })
        .from(impl.table)
        .where(eq(impl.columns.id, id))) as {
        version: number;
      }[];
      const valid = validate(resource.updateBody, updateBodyOf(resource, body, id, row?.version ?? 0));
      await update(resource, impl, h, id, valid);
    } else {
      const answer = await create(resource, impl, h, validate(resource.createBody, body));
      created = (answer.data as { id: number }).id;
    }
    return {
      changed: true,
      ...(created !== undefined ? { id: created } : {}),
      after: async (deps) => {
        for (const work of later) await work(deps);
      },
    };
  };
