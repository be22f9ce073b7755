CREATE TABLE "report_chunks" (
	"client_ref" bigint NOT NULL,
	"report_ref" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "report_chunks_pkey" PRIMARY KEY("client_ref","report_ref","attempt","seq")
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"report_type" text NOT NULL,
	"format" text NOT NULL,
	"frequency" text NOT NULL,
	"time_of_day" text NOT NULL,
	"day_of_week" integer,
	"day_of_month" integer,
	"time_zone" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"columns" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_by_ref" bigint,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_pkey" PRIMARY KEY("client_ref","id"),
	CONSTRAINT "report_schedules_frequency" CHECK ("report_schedules"."frequency" IN ('DAILY', 'WEEKLY', 'MONTHLY')),
	CONSTRAINT "report_schedules_day_of_week" CHECK ("report_schedules"."day_of_week" IS NULL OR "report_schedules"."day_of_week" BETWEEN 1 AND 7),
	CONSTRAINT "report_schedules_day_of_month" CHECK ("report_schedules"."day_of_month" IS NULL OR "report_schedules"."day_of_month" BETWEEN 1 AND 28)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"report_type" text NOT NULL,
	"format" text NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"time_zone" text NOT NULL,
	"filters" jsonb NOT NULL,
	"columns" jsonb,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"rows_written" bigint DEFAULT 0 NOT NULL,
	"rows_total" bigint,
	"size_bytes" bigint,
	"attempt" integer DEFAULT 0 NOT NULL,
	"ready_attempt" integer,
	"lease_until" timestamp with time zone,
	"error" text,
	"requested_by" text NOT NULL,
	"schedule_urn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "reports_pkey" PRIMARY KEY("client_ref","id"),
	CONSTRAINT "reports_status" CHECK ("reports"."status" IN ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED'))
);
--> statement-breakpoint
ALTER TABLE "report_chunks" ADD CONSTRAINT "report_chunks_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_chunks" ADD CONSTRAINT "report_chunks_report_fk" FOREIGN KEY ("client_ref","report_ref") REFERENCES "public"."reports"("client_ref","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_ref_users_id_fk" FOREIGN KEY ("created_by_ref") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_schedules_client_urn_uq" ON "report_schedules" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE INDEX "report_schedules_client_created_idx" ON "report_schedules" USING btree ("client_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at") WHERE "report_schedules"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "reports_client_urn_uq" ON "reports" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE INDEX "reports_client_requested_idx" ON "reports" USING btree ("client_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","client_ref") WHERE status IN ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "reports_ready_finished_idx" ON "reports" USING btree ("finished_at") WHERE status = 'READY';