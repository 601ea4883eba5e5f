/**
 * The CSV export (UTF-8 with BOM, CSV-injection safe: server/http/csv.ts) of the list's filter, every
 * page, streamed from the database in chunks.
 */
import { csvLine } from '../../src/contract/csv';
import { EXPORT_CHUNK, type Resource } from '../../src/contract/resource';
import { csvResponse } from '../http/csv';
import type { Impl } from './impl';
import { ctxOf, orderOf, whereOf, type H, type SortFn } from './query';

export const exportCsv = async (resource: Resource, impl: Impl, h: H): Promise<Response> => {
  const ctx = ctxOf(h, resource);
  const query = h.query as Record<string, unknown> & { sort: string; order: 'asc' | 'desc' };
  const where = whereOf(resource, impl, ctx, query);
  const sortBy = impl.sort[query.sort as never] as SortFn;
  const encoder = new TextEncoder();
  const { db } = h.deps;
  const lang = h.lang;
  let offset = 0;
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('\uFEFF' + csvLine(impl.csv.map((c) => c.header[lang]))));
    },
    async pull(controller) {
      if (done) return;
      try {
        const rows = await impl
          .select(db, {}, ctx)
          .where(where)
          .orderBy(orderOf(sortBy(lang, ctx), query.order), orderOf(impl.columns.id, query.order))
          .limit(EXPORT_CHUNK)
          .offset(offset);
        offset += rows.length;
        if (rows.length) {
          const text = rows
            .map((r) => {
              const rec = impl.toRecord(r);
              return csvLine(impl.csv.map((c) => c.value(rec, lang)));
            })
            .join('');
          controller.enqueue(encoder.encode(text));
        }
        if (rows.length < EXPORT_CHUNK) {
          done = true;
          controller.close();
        }
      } catch (err) {
        console.error(`CSV export of ${resource.key} failed:`, err);
        controller.error(err);
      }
    },
  });
  return csvResponse(stream, resource.key, ctx.now);
};
