/** Published static pages for the public site and pickers. */
import { and, asc, eq } from 'drizzle-orm';
import { pageApi } from '../../src/contract/areas/page';
import { pages } from '../db/schema';
import { notFound } from '../core/errors';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';

export const registerPageRoutes = (app: App) => {
  route(app, pageApi.masterPages, async ({ deps, query }) => {
    const rows = await deps.db
      .select()
      .from(pages)
      .where(and(eq(pages.status, 'published'), query.slug ? eq(pages.slug, query.slug) : undefined))
      .orderBy(asc(pages.slug));
    if (query.slug && !rows.length) throw notFound();
    return {
      message: smsg('loaded'),
      data: rows.map((p) => ({
        id: p.id,
        slug: p.slug,
        title: p.title,
        content: p.content,
        links: p.links,
        updatedAt: p.updatedAt.toISOString(),
      })),
    };
  });
};
