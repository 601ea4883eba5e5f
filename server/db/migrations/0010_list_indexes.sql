DROP INDEX "users_role_idx";--> statement-breakpoint
DROP INDEX "events_provider_starts_idx";--> statement-breakpoint
DROP INDEX "events_status_starts_idx";--> statement-breakpoint
DROP INDEX "events_category_idx";--> statement-breakpoint
DROP INDEX "events_city_idx";--> statement-breakpoint
DROP INDEX "service_providers_category_idx";--> statement-breakpoint
DROP INDEX "service_providers_city_idx";--> statement-breakpoint
CREATE INDEX "bookings_code_id_idx" ON "bookings" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "bookings_customer_name_idx" ON "bookings" USING btree (lower("customer_name"),"id");--> statement-breakpoint
CREATE INDEX "bookings_tickets_idx" ON "bookings" USING btree ("tickets","id");--> statement-breakpoint
CREATE INDEX "bookings_total_idx" ON "bookings" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "bookings_status_total_idx" ON "bookings" USING btree ("status","total","id");--> statement-breakpoint
CREATE INDEX "bookings_status_id_idx" ON "bookings" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "bookings_payment_id_idx" ON "bookings" USING btree ("payment_status","id");--> statement-breakpoint
CREATE INDEX "bookings_updated_idx" ON "bookings" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "events_featured_starts_idx" ON "events" USING btree ("starts_at","id") WHERE "events"."featured";--> statement-breakpoint
CREATE INDEX "events_title_en_idx" ON "events" USING btree (lower("title"->>'en'),"id");--> statement-breakpoint
CREATE INDEX "events_title_ar_idx" ON "events" USING btree (lower("title"->>'ar'),"id");--> statement-breakpoint
CREATE INDEX "events_price_idx" ON "events" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "events_capacity_idx" ON "events" USING btree ("capacity","id");--> statement-breakpoint
CREATE INDEX "events_status_id_idx" ON "events" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "events_updated_idx" ON "events" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "events_title_en_trgm_idx" ON "events" USING gin (("title"->>'en') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_title_ar_trgm_idx" ON "events" USING gin (("title"->>'ar') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_providers_name_en_idx" ON "service_providers" USING btree (lower("business_name"->>'en'),"user_id");--> statement-breakpoint
CREATE INDEX "service_providers_name_ar_idx" ON "service_providers" USING btree (lower("business_name"->>'ar'),"user_id");--> statement-breakpoint
CREATE INDEX "service_providers_created_idx" ON "service_providers" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "service_providers_updated_idx" ON "service_providers" USING btree ("updated_at","user_id");--> statement-breakpoint
CREATE INDEX "users_email_id_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_name_en_idx" ON "users" USING btree (lower("name"->>'en'),"id");--> statement-breakpoint
CREATE INDEX "users_name_ar_idx" ON "users" USING btree (lower("name"->>'ar'),"id");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "users_status_created_idx" ON "users" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "users_status_id_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_updated_idx" ON "users" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((("name"->>'en') || ' ' || ("name"->>'ar') || ' ' || "email" || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_provider_starts_idx" ON "events" USING btree ("provider_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_status_starts_idx" ON "events" USING btree ("status","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_category_idx" ON "events" USING btree ("category_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_city_idx" ON "events" USING btree ("city_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "service_providers_category_idx" ON "service_providers" USING btree ("category_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "service_providers_city_idx" ON "service_providers" USING btree ("city_id","created_at","user_id");--> statement-breakpoint
-- hand-written
-- The read cache forgets per table (docs/decisions/0020-every-list-on-an-index.md): each notification
-- names the table written (PostgreSQL still folds identical ones of a transaction into one).
CREATE OR REPLACE FUNCTION "notify_writes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ebo_writes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Uploaded files (migration 0008) tell of their writes like every other table (no kept answer reads
-- them today; the trigger keeps "every table notifies" true for the next one that does).
CREATE TRIGGER "files_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "files"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"();--> statement-breakpoint
CREATE TRIGGER "file_chunks_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "file_chunks"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"();
