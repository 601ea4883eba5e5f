CREATE TABLE "staff_digests" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"time_zone" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"last_day" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_digests" ADD CONSTRAINT "staff_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_digests_due_idx" ON "staff_digests" USING btree ("due_at","user_id") WHERE "staff_digests"."enabled";