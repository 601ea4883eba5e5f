-- The booking search matches a stored, lower-cased copy of its texts with LIKE under a trigram
-- index (docs/decisions/0020-every-list-on-an-index.md); ILIKE lowered every row's texts as it read it.
DROP INDEX "bookings_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("bookings"."code" || ' ' || "bookings"."customer_name" || ' ' || "bookings"."customer_email" || ' ' || "bookings"."customer_phone")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_search_text_trgm_idx" ON "bookings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- hand-written
-- The audit trail leaves the derived column out (migration 0011's function, with one more skipped
-- column): restores and undo put back what people wrote, and the database derives the rest.
CREATE OR REPLACE FUNCTION "audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Never recorded: secrets, columns every write moves (the version, the update time), and
  -- columns the database derives from others (bookings.search_text).
  skip constant text[] := ARRAY['password_hash', 'version', 'updated_at', 'search_text'];
  full_row jsonb;
  old_j jsonb;
  new_j jsonb;
  b jsonb;
  a jsonb;
  f text[] := '{}';
  k text;
  res text := TG_ARGV[0];
  rec text;
  prov integer;
  ev integer;
BEGIN
  IF current_setting('ebo.audit', true) = 'off' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN old_j := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_j := to_jsonb(NEW); END IF;
  full_row := coalesce(new_j, old_j);
  IF TG_OP = 'UPDATE' THEN
    FOR k IN SELECT jsonb_object_keys(new_j) LOOP
      CONTINUE WHEN k = ANY(skip) OR (new_j -> k) IS NOT DISTINCT FROM (old_j -> k);
      f := f || k;
    END LOOP;
    b := jsonb_object_subset(old_j, f);
    a := jsonb_object_subset(new_j, f);
    IF (new_j -> 'password_hash') IS DISTINCT FROM (old_j -> 'password_hash') THEN f := f || 'password'::text; END IF;
    IF cardinality(f) = 0 THEN RETURN NULL; END IF;
  ELSE
    IF old_j IS NOT NULL THEN b := old_j - skip; END IF;
    IF new_j IS NOT NULL THEN a := new_j - skip; END IF;
    SELECT coalesce(array_agg(x ORDER BY x), '{}') INTO f FROM jsonb_object_keys(coalesce(a, b)) AS x;
  END IF;
  rec := full_row ->> TG_ARGV[1];
  IF TG_ARGV[2] <> '' THEN prov := (full_row ->> TG_ARGV[2])::integer; END IF;
  IF TG_ARGV[3] <> '' THEN ev := (full_row ->> TG_ARGV[3])::integer; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    res := CASE full_row ->> 'role' WHEN 'serviceprovider' THEN 'serviceprovider' WHEN 'manager' THEN 'supervisor' ELSE 'user' END;
    IF full_row ->> 'role' = 'serviceprovider' THEN prov := (full_row ->> 'id')::integer; END IF;
  ELSIF res = 'event' AND TG_TABLE_NAME <> 'events' THEN
    -- A child row (specialist, supervisor): its event's entry; the event may be gone (a cascade).
    rec := full_row ->> 'event_id';
    SELECT e.provider_id INTO prov FROM events e WHERE e.id = ev;
  END IF;
  INSERT INTO audit_log (at, actor_id, actor_name, actor_role, acting_for, action, resource, record_id,
    table_name, operation, fields, before, after, provider_id, event_id, restore_of, request_id, ip,
    user_agent, device_at)
  VALUES (
    coalesce(nullif(current_setting('ebo.at', true), '')::timestamptz, clock_timestamp()),
    nullif(current_setting('ebo.actor_id', true), '')::integer,
    nullif(current_setting('ebo.actor_name', true), '')::jsonb,
    nullif(current_setting('ebo.actor_role', true), ''),
    nullif(current_setting('ebo.acting_for', true), '')::integer,
    coalesce(nullif(current_setting('ebo.action', true), ''),
      CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END),
    res, rec, TG_TABLE_NAME,
    nullif(current_setting('ebo.operation', true), ''),
    f, b, a, prov, ev,
    nullif(current_setting('ebo.restore_of', true), '')::bigint,
    nullif(current_setting('ebo.request_id', true), ''),
    nullif(current_setting('ebo.ip', true), ''),
    nullif(current_setting('ebo.user_agent', true), ''),
    nullif(current_setting('ebo.device_at', true), '')::timestamptz);
  RETURN NULL;
END
$$;
