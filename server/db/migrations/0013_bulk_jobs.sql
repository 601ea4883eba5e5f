CREATE TABLE "bulk_job_rows" (
	"job_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"record_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"version" integer,
	"message" text,
	CONSTRAINT "bulk_job_rows_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "bulk_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"params" jsonb NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bulk_job_rows" ADD CONSTRAINT "bulk_job_rows_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_job_rows_pending_idx" ON "bulk_job_rows" USING btree ("job_id","state");--> statement-breakpoint
CREATE INDEX "bulk_jobs_user_idx" ON "bulk_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bulk_jobs_state_idx" ON "bulk_jobs" USING btree ("state");--> statement-breakpoint
-- hand-written
-- The read cache's notify trigger of migrations 0005 and 0010 (ADR 0009): a job's progress is read
-- while its rows are written.
CREATE TRIGGER "bulk_jobs_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bulk_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"();--> statement-breakpoint
CREATE TRIGGER "bulk_job_rows_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bulk_job_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"();
