CREATE TABLE "notification_pushes" (
	"notification_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_pushes_notification_id_subscription_id_pk" PRIMARY KEY("notification_id","subscription_id")
);
--> statement-breakpoint
ALTER TABLE "notification_pushes" ADD CONSTRAINT "notification_pushes_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_pushes" ADD CONSTRAINT "notification_pushes_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Like every table, its writes tell the other server processes (0005_notify_writes, ADR 0009).
CREATE TRIGGER "notification_pushes_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notification_pushes"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"();
