-- hand-written
-- The read cache is gone (docs/decisions/0054-the-read-cache-goes.md): nothing listens on channel
-- "ebo_writes" any more. Every statement trigger that told of a table's writes goes: those of
-- migrations 0005 to 0022, the sessions table's own of migration 0005, and those the routine run at
-- each start added to later tables (server/db/row-triggers.ts, which no longer does). Then their
-- function. Found in the catalog, so a database that has fewer of them, or none, ends the same.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT g.tgname AS trigger_name, n.nspname AS schema_name, c.relname AS table_name
    FROM pg_trigger g
    JOIN pg_class c ON c.oid = g.tgrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_proc p ON p.oid = g.tgfoid
    WHERE n.nspname = current_schema() AND p.proname = 'notify_writes' AND NOT g.tgisinternal
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I.%I', t.trigger_name, t.schema_name, t.table_name);
  END LOOP;
END
$$;--> statement-breakpoint
DROP FUNCTION IF EXISTS "notify_writes"();
