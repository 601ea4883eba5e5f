import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PGLITE_CACHE_MB } from '../config';
import { openPglite } from './client';

describe('openPglite', () => {
  it('sizes the buffer cache as configured, PGLITE_CACHE_MB by default (not PGlite’s own 128 MB)', async () => {
    const shown = async (options?: { cacheMb: number }) => {
      const database = await openPglite(undefined, options);
      try {
        const shown = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
          rows: { shared_buffers: string }[];
        };
        return shown.rows[0]!.shared_buffers;
      } finally {
        await database.close();
      }
    };
    expect(await shown()).toBe(`${PGLITE_CACHE_MB}MB`);
    expect(await shown({ cacheMb: 48 })).toBe('48MB');
  });
});
