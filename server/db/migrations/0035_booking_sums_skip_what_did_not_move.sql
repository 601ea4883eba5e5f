-- hand-written
-- The statement triggers of bookings (migrations 0004 and 0020) add what an update changed to the
-- sums they keep. An update that leaves a sum's columns as they were in every row (a booking checked
-- in at the door, a status or a name changed) adds nothing to that sum: the update branch now sees
-- that first, in one look at the changed rows, and skips the grouped query that would find nothing
-- to add (docs/decisions/0088-booking-sums-skip-what-did-not-move.md). The look is exact: when every
-- row before the update has one after it with the same id and the same values of the sum's columns,
-- the rows before and after add up alike (an update that changed an id is never skipped).
CREATE OR REPLACE FUNCTION "bookings_aggregate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "booking_counts" AS c ("provider_id", "status", "payment_status", "n")
      SELECT "provider_id", "status", "payment_status", count(*) FROM "new_rows"
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("provider_id", "status", "payment_status") DO UPDATE SET "n" = c."n" + excluded."n";
    INSERT INTO "booking_hours" AS h ("hour", "made", "revenue")
      SELECT "hour", sum("made"), sum("revenue") FROM (
        SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour", 1 AS "made", 0 AS "revenue" FROM "new_rows"
        UNION ALL
        SELECT date_trunc('hour', "paid_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, "total" FROM "new_rows"
          WHERE "payment_status" = 'paid' AND "paid_at" IS NOT NULL
      ) AS "d"
      GROUP BY 1 ORDER BY 1
      ON CONFLICT ("hour") DO UPDATE SET "made" = h."made" + excluded."made", "revenue" = h."revenue" + excluded."revenue";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "booking_counts" AS c ("provider_id", "status", "payment_status", "n")
      SELECT "provider_id", "status", "payment_status", -count(*) FROM "old_rows"
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("provider_id", "status", "payment_status") DO UPDATE SET "n" = c."n" + excluded."n";
    INSERT INTO "booking_hours" AS h ("hour", "made", "revenue")
      SELECT "hour", sum("made"), sum("revenue") FROM (
        SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour", -1 AS "made", 0 AS "revenue" FROM "old_rows"
        UNION ALL
        SELECT date_trunc('hour', "paid_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, -"total" FROM "old_rows"
          WHERE "payment_status" = 'paid' AND "paid_at" IS NOT NULL
      ) AS "d"
      GROUP BY 1 ORDER BY 1
      ON CONFLICT ("hour") DO UPDATE SET "made" = h."made" + excluded."made", "revenue" = h."revenue" + excluded."revenue";
  ELSE
    INSERT INTO "booking_counts" AS c ("provider_id", "status", "payment_status", "n")
      SELECT "provider_id", "status", "payment_status", sum("d") FROM (
        SELECT "provider_id", "status", "payment_status", -1 AS "d" FROM "old_rows"
        UNION ALL
        SELECT "provider_id", "status", "payment_status", 1 AS "d" FROM "new_rows"
      ) AS "moved"
      GROUP BY 1, 2, 3 HAVING sum("d") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("provider_id", "status", "payment_status") DO UPDATE SET "n" = c."n" + excluded."n";
    -- The hours move only with a booking's creation time, payment or total.
    IF EXISTS (SELECT 1 FROM "old_rows" AS "o" LEFT JOIN "new_rows" AS "n" ON "n"."id" = "o"."id"
        WHERE "n"."id" IS NULL
          OR ("o"."created_at", "o"."payment_status", "o"."paid_at", "o"."total")
            IS DISTINCT FROM ("n"."created_at", "n"."payment_status", "n"."paid_at", "n"."total")) THEN
      INSERT INTO "booking_hours" AS h ("hour", "made", "revenue")
        SELECT "hour", sum("made"), sum("revenue") FROM (
          SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour", -1 AS "made", 0 AS "revenue" FROM "old_rows"
          UNION ALL
          SELECT date_trunc('hour', "paid_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, -"total" FROM "old_rows"
            WHERE "payment_status" = 'paid' AND "paid_at" IS NOT NULL
          UNION ALL
          SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 1, 0 FROM "new_rows"
          UNION ALL
          SELECT date_trunc('hour', "paid_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, "total" FROM "new_rows"
            WHERE "payment_status" = 'paid' AND "paid_at" IS NOT NULL
        ) AS "d"
        GROUP BY 1 HAVING sum("made") <> 0 OR sum("revenue") <> 0 ORDER BY 1
        ON CONFLICT ("hour") DO UPDATE SET "made" = h."made" + excluded."made", "revenue" = h."revenue" + excluded."revenue";
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bookings_category_days"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ELSIF NOT EXISTS (SELECT 1 FROM "old_rows" AS "o" LEFT JOIN "new_rows" AS "n" ON "n"."id" = "o"."id"
      WHERE "n"."id" IS NULL
        OR ("o"."event_id", "o"."payment_status", "o"."paid_at", "o"."total")
          IS DISTINCT FROM ("n"."event_id", "n"."payment_status", "n"."paid_at", "n"."total")) THEN
    -- No booking's event, payment or total changed: nothing to add.
    RETURN NULL;
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
END $$;
