DROP INDEX "bookings_event_status_idx";--> statement-breakpoint
DROP INDEX "bookings_paid_total_idx";--> statement-breakpoint
DROP INDEX "bookings_provider_paid_total_idx";--> statement-breakpoint
CREATE INDEX "bookings_event_status_idx" ON "bookings" USING btree ("event_id","status","tickets");--> statement-breakpoint
CREATE INDEX "bookings_paid_total_idx" ON "bookings" USING btree ("paid_at","total","event_id") WHERE "bookings"."payment_status" = 'paid';--> statement-breakpoint
CREATE INDEX "bookings_provider_paid_total_idx" ON "bookings" USING btree ("provider_id","paid_at","total","event_id") WHERE "bookings"."payment_status" = 'paid';