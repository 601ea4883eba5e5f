ALTER TABLE "events" ADD COLUMN "starts_on" date;--> statement-breakpoint
-- hand-written
-- The day an event starts on its venue's clock (docs/decisions/0031-venue-days-and-viewer-moments.md):
-- kept by the database whoever writes an event (the server, imports, seeds), and again when a
-- venue's zone changes. A zone this database does not know (the server checks zones with its own
-- runtime's data) falls back to the platform's (PLATFORM_TIME_ZONE), never failing the write.
CREATE FUNCTION venue_day(at timestamptz, zone text) RETURNS date LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (at AT TIME ZONE zone)::date;
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN (at AT TIME ZONE 'Asia/Riyadh')::date;
END $$;--> statement-breakpoint
CREATE FUNCTION events_starts_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.starts_on := venue_day(NEW.starts_at, (SELECT time_zone FROM locations WHERE id = NEW.location_id));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER events_starts_on BEFORE INSERT OR UPDATE OF starts_at, location_id, starts_on ON events
  FOR EACH ROW EXECUTE FUNCTION events_starts_on();--> statement-breakpoint
CREATE FUNCTION locations_zone_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events SET starts_on = venue_day(starts_at, NEW.time_zone) WHERE location_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER locations_zone_days AFTER UPDATE OF time_zone ON locations
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION locations_zone_days();--> statement-breakpoint
UPDATE events AS e SET starts_on = venue_day(e.starts_at, l.time_zone) FROM locations AS l WHERE l.id = e.location_id;
