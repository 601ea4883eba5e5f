-- hand-written
-- The live change log's row function (migration 0012) takes the column of the record's id as a third
-- argument, declared with the area's table (server/areas/index.ts), instead of knowing one table by
-- name; a table whose id is `id` passes none. Its one such table is declared again with it.
CREATE OR REPLACE FUNCTION "live_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  id_col text := coalesce(TG_ARGV[2], 'id');
BEGIN
  IF current_setting('ebo.live', true) = 'off' THEN RETURN NULL; END IF;
  PERFORM "live_log"(TG_ARGV[0], (r->>id_col)::bigint,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    (r->>'version')::integer,
    CASE WHEN TG_ARGV[1] = '' THEN NULL ELSE (r->>TG_ARGV[1])::integer END);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "service_providers_live" ON "service_providers";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "service_providers_live" AFTER INSERT OR UPDATE OR DELETE ON "service_providers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_row"('serviceprovider', 'user_id', 'user_id');
