CREATE TABLE "category_days" (
	"day" date NOT NULL,
	"category_id" integer NOT NULL,
	"revenue" bigint NOT NULL,
	"paid" bigint NOT NULL,
	CONSTRAINT "category_days_day_category_id_pk" PRIMARY KEY("day","category_id")
);
--> statement-breakpoint
-- hand-written
-- Revenue by category (docs/decisions/0020-every-list-on-an-index.md): per platform day
-- (PLATFORM_TIME_ZONE, as in migration 0016) and category, the total and the number of paid
-- bookings, by the day each was paid; the admin dashboard sums 30 days of these rows. Kept exact by
-- two triggers: a write of bookings adds what it changed to its event's category, and an event's
-- change of category moves its paid bookings from the old category to the new one. The two meet on
-- an advisory lock (shared for bookings, exclusive for the move), and each statement after the lock
-- sees what committed before it: a payment made while its event changes category counts once, in
-- the category it ends in. The locks are 64, events sharing them by id modulo 64 (keys 2020 << 32
-- plus that, apart from every other lock's), so a write of many events' bookings (an import) takes
-- at most 64, and a move only holds up the payments of a 64th of the events.
CREATE FUNCTION "platform_day"("at" timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT ("at" AT TIME ZONE 'Asia/Riyadh')::date
$$;--> statement-breakpoint
-- Adds (event, day, revenue, paid) to the event's category; the events' locks are taken in order.
CREATE FUNCTION "category_days_add"("ev" integer[], "d" date[], "r" bigint[], "n" bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "k" integer;
BEGIN
  FOR "k" IN SELECT DISTINCT "x" % 64 FROM unnest("ev") AS "x" ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared((2020::bigint << 32) + "k");
  END LOOP;
  INSERT INTO "category_days" AS c ("day", "category_id", "revenue", "paid")
    SELECT "x"."d", "events"."category_id", sum("x"."r"), sum("x"."n")
    FROM unnest("ev", "d", "r", "n") AS "x"("ev", "d", "r", "n")
    JOIN "events" ON "events"."id" = "x"."ev"
    GROUP BY 1, 2 HAVING sum("x"."r") <> 0 OR sum("x"."n") <> 0 ORDER BY 1, 2
    ON CONFLICT ("day", "category_id") DO UPDATE SET "revenue" = c."revenue" + excluded."revenue", "paid" = c."paid" + excluded."paid";
END $$;--> statement-breakpoint
-- A statement trigger, as migration 0004's: a bulk write is one grouped upsert. Writes that leave
-- every paid booking's event, day and total as they were (most of them) add nothing and lock nothing.
CREATE FUNCTION "bookings_category_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ev" integer[];
  "d" date[];
  "r" bigint[];
  "n" bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("event_id"), array_agg(platform_day("paid_at")), array_agg("total"::bigint), array_agg(1::bigint)
      INTO "ev", "d", "r", "n"
      FROM "new_rows" WHERE "payment_status" = 'paid' AND "paid_at" IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("event_id"), array_agg(platform_day("paid_at")), array_agg(-"total"::bigint), array_agg(-1::bigint)
      INTO "ev", "d", "r", "n"
      FROM "old_rows" WHERE "payment_status" = 'paid' AND "paid_at" IS NOT NULL;
  ELSE
    SELECT array_agg("m"."ev"), array_agg("m"."d"), array_agg("m"."r"), array_agg("m"."n")
      INTO "ev", "d", "r", "n"
      FROM (
        SELECT "x"."ev", "x"."d", sum("x"."r") AS "r", sum("x"."n") AS "n" FROM (
          SELECT "event_id" AS "ev", platform_day("paid_at") AS "d", -"total"::bigint AS "r", -1 AS "n" FROM "old_rows"
            WHERE "payment_status" = 'paid' AND "paid_at" IS NOT NULL
          UNION ALL
          SELECT "event_id", platform_day("paid_at"), "total", 1 FROM "new_rows"
            WHERE "payment_status" = 'paid' AND "paid_at" IS NOT NULL
        ) AS "x"
        GROUP BY 1, 2 HAVING sum("x"."r") <> 0 OR sum("x"."n") <> 0
      ) AS "m";
  END IF;
  IF "ev" IS NOT NULL THEN
    PERFORM category_days_add("ev", "d", "r", "n");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_category_days_insert" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bookings_category_days"();--> statement-breakpoint
CREATE TRIGGER "bookings_category_days_update" AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bookings_category_days"();--> statement-breakpoint
CREATE TRIGGER "bookings_category_days_delete" AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bookings_category_days"();--> statement-breakpoint
CREATE FUNCTION "events_category_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock((2020::bigint << 32) + NEW."id" % 64);
  INSERT INTO "category_days" AS c ("day", "category_id", "revenue", "paid")
    SELECT platform_day("b"."paid_at"), "x"."category_id", sum("x"."sign" * "b"."total"::bigint), sum("x"."sign")
    FROM "bookings" AS "b" CROSS JOIN (VALUES (OLD."category_id", -1), (NEW."category_id", 1)) AS "x"("category_id", "sign")
    WHERE "b"."event_id" = NEW."id" AND "b"."payment_status" = 'paid' AND "b"."paid_at" IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("day", "category_id") DO UPDATE SET "revenue" = c."revenue" + excluded."revenue", "paid" = c."paid" + excluded."paid";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_category_days" AFTER UPDATE OF "category_id" ON "events"
  FOR EACH ROW WHEN (OLD."category_id" IS DISTINCT FROM NEW."category_id") EXECUTE FUNCTION "events_category_days"();--> statement-breakpoint
-- The read cache's notify trigger of migrations 0005 and 0010 (ADR 0009).
CREATE TRIGGER "category_days_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"();--> statement-breakpoint
INSERT INTO "category_days" ("day", "category_id", "revenue", "paid")
  SELECT platform_day("b"."paid_at"), "e"."category_id", sum("b"."total"), count(*)
  FROM "bookings" AS "b" JOIN "events" AS "e" ON "e"."id" = "b"."event_id"
  WHERE "b"."payment_status" = 'paid' AND "b"."paid_at" IS NOT NULL
  GROUP BY 1, 2;
