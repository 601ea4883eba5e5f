-- Every write tells the server processes listening on channel "ebo_writes" (after it commits), so
-- each process's read cache forgets what the write may have changed (ADR 0009). One notification
-- per statement; PostgreSQL folds identical ones of a transaction into one.
CREATE FUNCTION "notify_writes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ebo_writes', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'sessions' LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"()',
      t || '_notify_writes', t);
  END LOOP;
END
$$;--> statement-breakpoint
-- Sessions: a new session or its once-a-minute last use changes no kept answer; a revocation, an
-- expiry change or a removal does.
CREATE TRIGGER "sessions_notify_writes" AFTER UPDATE OF "revoked_at", "expires_at", "user_id", "token_hash" OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"();
