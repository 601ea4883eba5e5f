CREATE TABLE "booking_counts" (
	"provider_id" integer NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "booking_counts_provider_id_status_payment_status_pk" PRIMARY KEY("provider_id","status","payment_status")
);
--> statement-breakpoint
CREATE TABLE "booking_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"made" bigint NOT NULL,
	"revenue" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "bookings_paid_idx";--> statement-breakpoint
DROP INDEX "bookings_provider_paid_idx";--> statement-breakpoint
CREATE INDEX "bookings_paid_total_idx" ON "bookings" USING btree ("paid_at","total") WHERE "bookings"."payment_status" = 'paid';--> statement-breakpoint
CREATE INDEX "bookings_provider_paid_total_idx" ON "bookings" USING btree ("provider_id","paid_at","total") WHERE "bookings"."payment_status" = 'paid';
--> statement-breakpoint
-- booking_counts and booking_hours follow every change of bookings in the same transaction.
-- Statement triggers with transition tables: a bulk insert or update is one grouped upsert per
-- table, not one per row; each upsert visits its keys in order, so two transactions never lock two
-- counter rows in opposite orders. A booking counts in `made` at the UTC hour it was created and,
-- while paid, its total in `revenue` at the hour it was paid (hours in UTC whatever the session's
-- time zone; a platform day of a whole-hour zone is a range of them).
CREATE FUNCTION "bookings_aggregate"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_aggregate_insert" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bookings_aggregate"();--> statement-breakpoint
CREATE TRIGGER "bookings_aggregate_update" AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bookings_aggregate"();--> statement-breakpoint
CREATE TRIGGER "bookings_aggregate_delete" AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bookings_aggregate"();--> statement-breakpoint
INSERT INTO "booking_counts" ("provider_id", "status", "payment_status", "n")
  SELECT "provider_id", "status", "payment_status", count(*) FROM "bookings" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "booking_hours" ("hour", "made", "revenue")
  SELECT "hour", sum("made"), sum("revenue") FROM (
    SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour", 1 AS "made", 0 AS "revenue" FROM "bookings"
    UNION ALL
    SELECT date_trunc('hour', "paid_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, "total" FROM "bookings"
      WHERE "payment_status" = 'paid' AND "paid_at" IS NOT NULL
  ) AS "d"
  GROUP BY 1;
