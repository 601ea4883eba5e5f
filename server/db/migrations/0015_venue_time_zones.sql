ALTER TABLE "locations" ADD COLUMN "time_zone" text DEFAULT 'Asia/Riyadh' NOT NULL;--> statement-breakpoint
-- hand-written
-- Existing venues take their country's zone (COUNTRY_TIME_ZONES in src/contract/time-zones.ts),
-- else the platform's (the column's default).
UPDATE "locations" AS l SET "time_zone" = CASE c."iso_code"
    WHEN 'SA' THEN 'Asia/Riyadh'
    WHEN 'AE' THEN 'Asia/Dubai'
    WHEN 'QA' THEN 'Asia/Qatar'
    WHEN 'KW' THEN 'Asia/Kuwait'
    WHEN 'BH' THEN 'Asia/Bahrain'
    WHEN 'OM' THEN 'Asia/Muscat'
    WHEN 'YE' THEN 'Asia/Aden'
    WHEN 'IQ' THEN 'Asia/Baghdad'
    WHEN 'JO' THEN 'Asia/Amman'
    WHEN 'SY' THEN 'Asia/Damascus'
    WHEN 'LB' THEN 'Asia/Beirut'
    WHEN 'PS' THEN 'Asia/Gaza'
    WHEN 'EG' THEN 'Africa/Cairo'
    WHEN 'SD' THEN 'Africa/Khartoum'
    WHEN 'LY' THEN 'Africa/Tripoli'
    WHEN 'TN' THEN 'Africa/Tunis'
    WHEN 'DZ' THEN 'Africa/Algiers'
    WHEN 'MA' THEN 'Africa/Casablanca'
    WHEN 'TR' THEN 'Europe/Istanbul'
    WHEN 'IR' THEN 'Asia/Tehran'
    WHEN 'PK' THEN 'Asia/Karachi'
    WHEN 'IN' THEN 'Asia/Kolkata'
    WHEN 'GB' THEN 'Europe/London'
    WHEN 'FR' THEN 'Europe/Paris'
    WHEN 'DE' THEN 'Europe/Berlin'
    ELSE l."time_zone"
  END
FROM "cities" AS ci
JOIN "countries" AS c ON c."id" = ci."country_id"
WHERE ci."id" = l."city_id";
