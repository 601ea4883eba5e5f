/**
 * Statements on PostgreSQL are prepared by name, with their limits in the text
 * (docs/decisions/0020-every-list-on-an-index.md, "Round trips and plans"): a lookup that runs
 * again on a connection is not planned again once PostgreSQL keeps its generic plan.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../server/db/schema';
import { createTestDb, type TestDb } from '../setup/db';

describe.runIf(process.env.TEST_DB === 'postgres')('prepared statements on PostgreSQL', () => {
  let database: TestDb;
  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(() => database?.close());

  it('names drizzle’s statements, inlines their limit, and runs a repeated lookup on its generic plan', async () => {
    const statements = await database.db.transaction(async (tx) => {
      for (let id = 1; id <= 10; id++) await tx.select().from(bookings).where(eq(bookings.id, id)).limit(1);
      return (await tx.execute(
        sql`select name, statement, generic_plans, custom_plans from pg_prepared_statements`,
      )) as unknown as {
        rows: { name: string; statement: string; generic_plans: string; custom_plans: string }[];
      };
    });
    const lookup = statements.rows.find((s) =>
      s.statement.includes('from "bookings" where "bookings"."id" = $1'),
    );
    expect(lookup?.name).toMatch(/^ebo_\d+$/);
    expect(lookup?.statement).toMatch(/limit 1$/);
    // PostgreSQL plans the first five calls for their values, then keeps the generic plan.
    expect(Number(lookup?.custom_plans)).toBe(5);
    expect(Number(lookup?.generic_plans)).toBe(5);
  });
});
