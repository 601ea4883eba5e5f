import { eq, sql } from 'drizzle-orm';
import { categoryResource } from '../../src/contract/areas/category';
import { categories, events, serviceProviders } from '../db/schema';
import { fieldError } from '../core/errors';
import { smsg } from '../core/messages';
import { removeUnusedFiles } from '../files/references';
import { keyOfPath } from '../files/storage';
import { categoryUsage } from './master-owners';
import { arText, dyn, enText, implement, textOf } from '../resources/impl';

export const categoryImpl = implement(categoryResource, {
  table: categories,
  columns: {
    id: categories.id,
    version: categories.version,
    updatedAt: categories.updatedAt,
    name: categories.name,
    active: categories.active,
  },
  select: (db, extra) =>
    dyn(
      db
        .select({ c: categories, ...extra })
        .from(categories)
        .$dynamic(),
    ),
  toRecord: ({ c }) => ({
    id: c.id,
    version: c.version,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    name: c.name,
    icon: c.icon,
    active: c.active,
    sortOrder: c.sortOrder,
  }),
  sort: {
    sortOrder: () => categories.sortOrder,
    name: (lang) => textOf(categories.name, lang),
    active: () => categories.active,
    createdAt: () => categories.createdAt,
    updatedAt: () => categories.updatedAt,
  },
  search: [enText(categories.name), arText(categories.name)],
  filters: (f) => [f.active === undefined ? undefined : eq(categories.active, f.active)],
  values: (input) => ({
    name: input.name,
    icon: input.icon,
    active: input.active,
    sortOrder: input.sortOrder,
  }),
  async check(tx, input, { deps }, existing) {
    if (input.icon && input.icon !== existing?.icon) {
      const key = keyOfPath(input.icon);
      if (!key || !(await deps.storage.info(key, tx))) throw fieldError('icon', smsg('iconMissing'));
    }
  },
  // A replaced or deleted category's icon goes with the change (server/files/references.ts).
  async update(tx, _id, input, ctx, existing) {
    if (existing.icon !== input.icon)
      await removeUnusedFiles(tx, ctx.deps.storage, [existing.icon && keyOfPath(existing.icon)]);
  },
  async delete(tx, id, ctx, existing) {
    await tx.delete(categories).where(eq(categories.id, id));
    await removeUnusedFiles(tx, ctx.deps.storage, [existing.icon && keyOfPath(existing.icon)]);
  },
  addedBy: { column: categories.createdBy, usedByOthers: categoryUsage },
  references: [
    {
      count: async (tx, id) =>
        (
          await tx
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(serviceProviders)
            .where(eq(serviceProviders.categoryId, id))
        )[0]!.n,
      message: (n) => smsg('categoryUsedByProviders', { n }),
    },
    {
      count: async (tx, id) =>
        (
          await tx
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(events)
            .where(eq(events.categoryId, id))
        )[0]!.n,
      message: (n) => smsg('usedByEvents', { n }),
    },
  ],
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    { header: { en: 'Name (English)', ar: 'الاسم (بالإنجليزية)' }, value: (r) => r.name.en },
    { header: { en: 'Name (Arabic)', ar: 'الاسم (بالعربية)' }, value: (r) => r.name.ar },
    { header: { en: 'Sort order', ar: 'ترتيب العرض' }, value: (r) => r.sortOrder },
    { header: { en: 'Active', ar: 'نشط' }, value: (r, lang) => yesNo(r.active, lang) },
    { header: { en: 'Updated', ar: 'آخر تحديث' }, value: (r) => r.updatedAt },
  ],
});

export const yesNo = (v: boolean, lang: 'en' | 'ar') =>
  lang === 'ar' ? (v ? 'نعم' : 'لا') : v ? 'Yes' : 'No';
