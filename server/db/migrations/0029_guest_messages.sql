CREATE TABLE "event_reminders" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"hours" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_links" (
	"token" text PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"address" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"audience" jsonb NOT NULL,
	"subject" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_by_name" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_links" ADD CONSTRAINT "guest_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_links_booking_address_key" ON "guest_links" USING btree ("booking_id","address");--> statement-breakpoint
CREATE INDEX "guest_messages_due_idx" ON "guest_messages" USING btree ("send_at","id") WHERE "guest_messages"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "guest_messages_event_idx" ON "guest_messages" USING btree ("event_id","id");--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_message_id_guest_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."guest_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mails_message_idx" ON "mails" USING btree ("message_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "mails_reminder_once_key" ON "mails" USING btree ("booking_id") WHERE "mails"."kind" = 'reminder';