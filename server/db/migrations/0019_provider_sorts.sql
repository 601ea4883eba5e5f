CREATE INDEX "bookings_provider_code_idx" ON "bookings" USING btree ("provider_id","code","id");--> statement-breakpoint
CREATE INDEX "bookings_provider_customer_name_idx" ON "bookings" USING btree ("provider_id",lower("customer_name"),"id");--> statement-breakpoint
CREATE INDEX "bookings_provider_tickets_idx" ON "bookings" USING btree ("provider_id","tickets","id");--> statement-breakpoint
CREATE INDEX "bookings_provider_total_idx" ON "bookings" USING btree ("provider_id","total","id");--> statement-breakpoint
CREATE INDEX "bookings_provider_status_idx" ON "bookings" USING btree ("provider_id","status","id");--> statement-breakpoint
CREATE INDEX "bookings_provider_payment_idx" ON "bookings" USING btree ("provider_id","payment_status","id");--> statement-breakpoint
CREATE INDEX "bookings_provider_updated_idx" ON "bookings" USING btree ("provider_id","updated_at","id");