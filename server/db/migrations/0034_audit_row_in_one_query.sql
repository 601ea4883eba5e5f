-- hand-written
-- The audit trail's row function (migration 0018's) finds the changed columns of an update, and their
-- values before and after, in one query over the row's pairs, instead of a loop that tested each
-- column in turn and two more queries for the values (docs/decisions/0087-statements-built-once.md):
-- the same entry, in about two thirds of the time (each booking checked in at the door runs it).
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
    SELECT coalesce(array_agg(n.key), '{}'), coalesce(jsonb_object_agg(n.key, old_j -> n.key), '{}'),
        coalesce(jsonb_object_agg(n.key, n.value), '{}')
      INTO f, b, a
      FROM jsonb_each(new_j) AS n
      WHERE NOT (n.key = ANY(skip)) AND n.value IS DISTINCT FROM old_j -> n.key;
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
