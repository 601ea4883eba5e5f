CREATE TABLE "seat_leases" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer,
	"device_id" text NOT NULL,
	"seats" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"count" integer NOT NULL,
	"device_id" text NOT NULL,
	"device_name" text NOT NULL,
	"device_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" integer,
	"lost_to" bigint
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "door_payment" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "lease_id" integer;--> statement-breakpoint
ALTER TABLE "seat_leases" ADD CONSTRAINT "seat_leases_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_leases" ADD CONSTRAINT "seat_leases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_lost_to_admissions_id_fk" FOREIGN KEY ("lost_to") REFERENCES "public"."admissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_leases_event_idx" ON "seat_leases" USING btree ("event_id","expires_at");--> statement-breakpoint
CREATE INDEX "admissions_booking_idx" ON "admissions" USING btree ("booking_id","device_at","id");--> statement-breakpoint
CREATE INDEX "admissions_event_at_idx" ON "admissions" USING btree ("event_id","at","id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lease_id_seat_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."seat_leases"("id") ON DELETE restrict ON UPDATE no action;