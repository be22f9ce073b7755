CREATE TABLE "events" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"event" text NOT NULL,
	"subject_urn" text NOT NULL,
	"data" jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
CREATE TABLE "request_log" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" double precision NOT NULL,
	"channel" text NOT NULL,
	"actor" text NOT NULL,
	"user_ref" bigint,
	"api_key_id" text,
	"ip" text,
	"idempotency_key" text,
	"query" jsonb,
	"request_body" jsonb,
	"response_body" jsonb,
	"truncated" boolean DEFAULT false NOT NULL,
	"resources" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "request_log_pkey" PRIMARY KEY("client_ref","created_at","id")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
-- One partition a day (request_log_YYYYMMDD), made ahead by the recorder and the sweeper, dropped whole when
-- older than REQUEST_LOG_RETENTION_DAYS; a row of a day without its partition lands here rather than failing.
CREATE TABLE "request_log_default" PARTITION OF "request_log" DEFAULT;
--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD COLUMN "event_ref" bigint;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_log" ADD CONSTRAINT "request_log_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_client_event_id_uq" ON "events" USING btree ("client_ref","event_id");--> statement-breakpoint
CREATE INDEX "events_client_created_idx" ON "events" USING btree ("client_ref","created_at");--> statement-breakpoint
CREATE INDEX "events_client_subject_idx" ON "events" USING btree ("client_ref","subject_urn");--> statement-breakpoint
CREATE INDEX "events_client_request_idx" ON "events" USING btree ("client_ref","request_id");--> statement-breakpoint
CREATE INDEX "request_log_client_created_idx" ON "request_log" USING btree ("client_ref","created_at");--> statement-breakpoint
CREATE INDEX "request_log_client_request_idx" ON "request_log" USING btree ("client_ref","request_id");--> statement-breakpoint
CREATE INDEX "request_log_client_idempotency_idx" ON "request_log" USING btree ("client_ref","idempotency_key") WHERE idempotency_key IS NOT NULL;--> statement-breakpoint
CREATE INDEX "request_log_resources_idx" ON "request_log" USING gin ("resources") WHERE resources <> '{}'::text[];--> statement-breakpoint
CREATE INDEX "callback_deliveries_event_idx" ON "callback_deliveries" USING btree ("client_ref","event_ref");