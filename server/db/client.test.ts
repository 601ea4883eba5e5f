import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PGLITE_CACHE_MB } from '../core/config';
import { openPglite } from './client';
import { inlineLimits } from './limits';

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

describe('inlineLimits', () => {
  it('writes a whole-number limit into the text and numbers the parameters after it down', () => {
    expect(
      inlineLimits('select * from "events" where "status" = $1 order by "id" limit $2 offset $3', [
        'approved',
        26,
        50,
      ]),
    ).toEqual({
      text: 'select * from "events" where "status" = $1 order by "id" limit 26 offset $2',
      values: ['approved', 50],
    });
    expect(
      inlineLimits(
        'select (select count(*) from (select 1 from "bookings" where "provider_id" = $1 limit $2) c), "id" from "bookings" where "provider_id" = $3 and "code" ilike $4 limit $5',
        [7, 1001, 7, '%ab%', 11],
      ),
    ).toEqual({
      text: 'select (select count(*) from (select 1 from "bookings" where "provider_id" = $1 limit 1001) c), "id" from "bookings" where "provider_id" = $2 and "code" ilike $3 limit 11',
      values: [7, 7, '%ab%'],
    });
  });

  it('leaves a limit that is not a whole number, or whose parameter is used twice, as a parameter', () => {
    const same = (text: string, values: unknown[]) =>
      expect(inlineLimits(text, values)).toEqual({ text, values });
    same('select 1 limit $1', ['5']);
    same('select 1 limit $1', [2.5]);
    same('select 1 limit $1', [-1]);
    same('select $1::int limit $1', [3]);
    same('select $1 as "limit $2"', ['x']);
  });
});
