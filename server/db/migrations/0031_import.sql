CREATE TABLE "import_mappings" (
	"user_id" integer NOT NULL,
	"resource" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"key" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "import_mappings_user_id_resource_pk" PRIMARY KEY("user_id","resource")
);
--> statement-breakpoint
ALTER TABLE "bulk_job_rows" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;