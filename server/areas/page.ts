/** Static pages: content sanitised before it is stored; the required pages cannot be deleted. */
import { eq } from 'drizzle-orm';
import { pageResource, REQUIRED_PAGE_SLUGS } from '../../src/contract/areas/page';
import { pages } from '../db/schema';
import { conflict } from '../core/errors';
import { smsg } from '../core/messages';
import { sanitizeRichText } from '../core/sanitize';
import { arText, dyn, enText, implement, textOf } from '../resources/impl';

const isRequired = (slug: string) => (REQUIRED_PAGE_SLUGS as readonly string[]).includes(slug);

const toPage = (p: typeof pages.$inferSelect) => ({
  id: p.id,
  version: p.version,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  slug: p.slug,
  title: p.title,
  content: p.content,
  links: p.links,
  status: p.status as 'draft' | 'published',
  required: isRequired(p.slug),
});

export const pageImpl = implement(pageResource, {
  table: pages,
  columns: { id: pages.id, version: pages.version, updatedAt: pages.updatedAt, name: pages.title },
  select: (db, extra) =>
    dyn(
      db
        .select({ p: pages, ...extra })
        .from(pages)
        .$dynamic(),
    ),
  toRecord: ({ p }) => toPage(p),
  sort: {
    title: (lang) => textOf(pages.title, lang),
    slug: () => pages.slug,
    status: () => pages.status,
    createdAt: () => pages.createdAt,
    updatedAt: () => pages.updatedAt,
  },
  search: [pages.slug, enText(pages.title), arText(pages.title)],
  filters: (f) => [
    f.status === undefined ? undefined : eq(pages.status, f.status),
    f.slug === undefined ? undefined : eq(pages.slug, f.slug),
  ],
  async check(_tx, input, _ctx, existing) {
    // the required pages keep their address
    if (existing && existing.required && input.slug !== existing.slug) throw conflict(smsg('pageRequired'));
  },
  values: (input) => ({
    slug: input.slug,
    title: input.title,
    content: { en: sanitizeRichText(input.content.en), ar: sanitizeRichText(input.content.ar) },
    links: input.links,
    status: input.status,
  }),
  unique: { pages_slug_key: { field: 'slug', message: smsg('slugTaken') } },
  async delete(tx, id, _ctx, existing) {
    if (existing.required) throw conflict(smsg('pageRequired'));
    await tx.delete(pages).where(eq(pages.id, id));
  },
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    { header: { en: 'Address', ar: 'العنوان في الرابط' }, value: (r) => r.slug },
    { header: { en: 'Title (English)', ar: 'العنوان (بالإنجليزية)' }, value: (r) => r.title.en },
    { header: { en: 'Title (Arabic)', ar: 'العنوان (بالعربية)' }, value: (r) => r.title.ar },
    {
      header: { en: 'Status', ar: 'الحالة' },
      value: (r, lang) =>
        r.status === 'published'
          ? lang === 'ar'
            ? 'منشورة'
            : 'Published'
          : lang === 'ar'
            ? 'مسودة'
            : 'Draft',
    },
    { header: { en: 'Updated', ar: 'آخر تحديث' }, value: (r) => r.updatedAt },
  ],
});
