/** The columns every domain's tables share. */
import { integer, timestamp } from 'drizzle-orm/pg-core';

export const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type Loc = { en: string; ar: string };
export const stamps = () => ({
  version: integer('version').notNull().default(0),
  createdAt: time('created_at').notNull(),
  updatedAt: time('updated_at').notNull(),
});
