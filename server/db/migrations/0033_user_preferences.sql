CREATE TABLE "user_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"list_density" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_preferences_list_density_check" CHECK ("user_preferences"."list_density" in ('compact', 'comfortable'))
);
--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;