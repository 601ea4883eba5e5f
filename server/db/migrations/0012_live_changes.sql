CREATE TABLE "live_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"record_id" bigint NOT NULL,
	"action" text NOT NULL,
	"version" integer,
	"owner_id" integer,
	"actor_id" integer,
	"at" timestamp with time zone NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- hand-written
-- The live change log (docs/decisions/0019-live-updates-and-many-processes.md). Deferred row
-- triggers run at commit, after every lock the transaction takes for itself; each takes one
-- advisory lock held until the commit ends, so the log's ids are handed out in commit order and a
-- reader that has seen id N has seen every earlier write (Last-Event-ID resumes without gaps).
-- One empty notification per transaction on channel "ebo_live" wakes every process's hub. A bulk
-- load (bench/seed.ts) turns the log off for its transaction: set_config('ebo.live', 'off', true).
CREATE INDEX "live_changes_logged_idx" ON "live_changes" ("logged_at");--> statement-breakpoint
CREATE FUNCTION "live_log"(resource text, record_id bigint, action text, version integer, owner_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4206042019);
  INSERT INTO "live_changes" ("resource", "record_id", "action", "version", "owner_id", "actor_id", "at")
  VALUES (resource, record_id, action, version, owner_id,
    nullif(current_setting('ebo.actor_id', true), '')::integer,
    coalesce(nullif(current_setting('ebo.at', true), '')::timestamptz, now()));
  PERFORM pg_notify('ebo_live', '');
END
$$;--> statement-breakpoint
-- TG_ARGV: the resource key, then the column of the owner (or '' for none).
CREATE FUNCTION "live_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  id_col text := CASE WHEN TG_TABLE_NAME = 'service_providers' THEN 'user_id' ELSE 'id' END;
BEGIN
  IF current_setting('ebo.live', true) = 'off' THEN RETURN NULL; END IF;
  PERFORM "live_log"(TG_ARGV[0], (r->>id_col)::bigint,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    (r->>'version')::integer,
    CASE WHEN TG_ARGV[1] = '' THEN NULL ELSE (r->>TG_ARGV[1])::integer END);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A user row is a user, a supervisor of its provider, or a service provider (its own owner).
CREATE FUNCTION "live_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u users := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  act text := CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END;
BEGIN
  IF current_setting('ebo.live', true) = 'off' THEN RETURN NULL; END IF;
  PERFORM "live_log"('user', u.id, act, u.version, NULL);
  IF u.provider_id IS NOT NULL THEN
    PERFORM "live_log"('supervisor', u.id, act, u.version, u.provider_id);
  END IF;
  IF u.role = 'serviceprovider' THEN
    PERFORM "live_log"('serviceprovider', u.id, act, u.version, u.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_live" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_user"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "categories_live" AFTER INSERT OR UPDATE OR DELETE ON "categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_row"('category', '');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "countries_live" AFTER INSERT OR UPDATE OR DELETE ON "countries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_row"('country', '');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cities_live" AFTER INSERT OR UPDATE OR DELETE ON "cities" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_row"('city', '');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "locations_live" AFTER INSERT OR UPDATE OR DELETE ON "locations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_row"('location', '');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "service_providers_live" AFTER INSERT OR UPDATE OR DELETE ON "service_providers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_row"('serviceprovider', 'user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "events_live" AFTER INSERT OR UPDATE OR DELETE ON "events" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_row"('event', 'provider_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "advertisements_live" AFTER INSERT OR UPDATE OR DELETE ON "advertisements" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_row"('advertisement', 'provider_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bookings_live" AFTER INSERT OR UPDATE OR DELETE ON "bookings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_row"('booking', 'provider_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pages_live" AFTER INSERT OR UPDATE OR DELETE ON "pages" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_row"('page', '');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "notifications_live" AFTER INSERT OR UPDATE OR DELETE ON "notifications" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_row"('notification', 'provider_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_notifications_live" AFTER INSERT OR UPDATE OR DELETE ON "user_notifications" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_row"('inbox', 'user_id');
