CREATE TABLE "outbox_keys" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"aes_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_keys" ADD CONSTRAINT "outbox_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- The read cache's notify trigger of migration 0005 (ADR 0009).
CREATE TRIGGER "outbox_keys_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "outbox_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"();
