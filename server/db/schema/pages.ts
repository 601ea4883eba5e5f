/** The content pages. */
import { jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { type Loc, stamps } from './columns';

export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: jsonb('title').$type<Loc>().notNull(),
    /** Sanitised HTML per language. */
    content: jsonb('content').$type<Loc>().notNull(),
    links: jsonb('links').$type<{ name: Loc; url: string }[]>().notNull().default([]),
    status: text('status').notNull().default('draft'),
    ...stamps(),
  },
  (t) => [uniqueIndex('pages_slug_key').on(t.slug)],
);
