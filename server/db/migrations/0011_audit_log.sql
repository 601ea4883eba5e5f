CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_name" jsonb,
	"actor_role" text,
	"acting_for" integer,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"record_id" text,
	"table_name" text,
	"operation" text,
	"fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"provider_id" integer,
	"event_id" integer,
	"restore_of" bigint,
	"request_id" text,
	"ip" text,
	"user_agent" text,
	"device_at" timestamp with time zone,
	"detail" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("resource","record_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_provider_idx" ON "audit_log" USING btree ("provider_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_event_idx" ON "audit_log" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
-- hand-written
-- The audit trail's row triggers (docs/decisions/0017-audit-trail.md). The request's context is set
-- per transaction by the server with set_config('ebo.*', value, true) (server/audit.ts); a write
-- without it (the scheduler, the seed) is recorded with no actor. Arguments: the resource (area key),
-- the record id column, the provider column ('' none), the event column ('' none).
CREATE FUNCTION "audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Never recorded: secrets, and columns every write moves (the version, the update time).
  skip constant text[] := ARRAY['password_hash', 'version', 'updated_at'];
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
$$;--> statement-breakpoint
-- jsonb_object_subset(j, keys): the pairs of j whose key is in keys.
CREATE FUNCTION "jsonb_object_subset"(j jsonb, keys text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(j) WHERE key = ANY(keys)
$$;--> statement-breakpoint
CREATE TRIGGER "users_audit" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "audit_row"('user', 'id', 'provider_id', '');--> statement-breakpoint
CREATE TRIGGER "categories_audit" AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH ROW EXECUTE FUNCTION "audit_row"('category', 'id', 'created_by', '');--> statement-breakpoint
CREATE TRIGGER "countries_audit" AFTER INSERT OR UPDATE OR DELETE ON "countries" FOR EACH ROW EXECUTE FUNCTION "audit_row"('country', 'id', 'created_by', '');--> statement-breakpoint
CREATE TRIGGER "cities_audit" AFTER INSERT OR UPDATE OR DELETE ON "cities" FOR EACH ROW EXECUTE FUNCTION "audit_row"('city', 'id', 'created_by', '');--> statement-breakpoint
CREATE TRIGGER "locations_audit" AFTER INSERT OR UPDATE OR DELETE ON "locations" FOR EACH ROW EXECUTE FUNCTION "audit_row"('location', 'id', 'created_by', '');--> statement-breakpoint
CREATE TRIGGER "service_providers_audit" AFTER INSERT OR UPDATE OR DELETE ON "service_providers" FOR EACH ROW EXECUTE FUNCTION "audit_row"('serviceprovider', 'user_id', 'user_id', '');--> statement-breakpoint
CREATE TRIGGER "provider_documents_audit" AFTER INSERT OR UPDATE OR DELETE ON "provider_documents" FOR EACH ROW EXECUTE FUNCTION "audit_row"('serviceprovider', 'provider_id', 'provider_id', '');--> statement-breakpoint
CREATE TRIGGER "events_audit" AFTER INSERT OR UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "audit_row"('event', 'id', 'provider_id', 'id');--> statement-breakpoint
CREATE TRIGGER "event_specialists_audit" AFTER INSERT OR UPDATE OR DELETE ON "event_specialists" FOR EACH ROW EXECUTE FUNCTION "audit_row"('event', 'event_id', '', 'event_id');--> statement-breakpoint
CREATE TRIGGER "event_supervisors_audit" AFTER INSERT OR UPDATE OR DELETE ON "event_supervisors" FOR EACH ROW EXECUTE FUNCTION "audit_row"('event', 'event_id', '', 'event_id');--> statement-breakpoint
CREATE TRIGGER "advertisements_audit" AFTER INSERT OR UPDATE OR DELETE ON "advertisements" FOR EACH ROW EXECUTE FUNCTION "audit_row"('advertisement', 'id', 'provider_id', 'event_id');--> statement-breakpoint
CREATE TRIGGER "bookings_audit" AFTER INSERT OR UPDATE OR DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION "audit_row"('booking', 'id', 'provider_id', 'event_id');--> statement-breakpoint
CREATE TRIGGER "pages_audit" AFTER INSERT OR UPDATE OR DELETE ON "pages" FOR EACH ROW EXECUTE FUNCTION "audit_row"('page', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "notifications_audit" AFTER INSERT OR UPDATE OR DELETE ON "notifications" FOR EACH ROW EXECUTE FUNCTION "audit_row"('notification', 'id', 'provider_id', '');--> statement-breakpoint
-- Append-only: no UPDATE, no TRUNCATE; a DELETE only by the retention purge (server/audit.ts), of
-- entries older than the cut-off it names. A guard against the application's mistakes: whoever may
-- drop a trigger is not stopped by one.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.at < nullif(current_setting('ebo.audit_purge_before', true), '')::timestamptz THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
-- The read cache's notify trigger of migrations 0005 and 0010 (ADR 0009).
CREATE TRIGGER "audit_log_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"();
