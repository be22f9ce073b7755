CREATE TABLE "callback_replays" (
	"id" bigserial NOT NULL,
	"replay_id" text NOT NULL,
	"client_ref" bigint NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"range_from" timestamp with time zone NOT NULL,
	"range_to" timestamp with time zone NOT NULL,
	"event_type" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"last_delivery_ref" bigint NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "callback_replays_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD COLUMN "resent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "callback_replays" ADD CONSTRAINT "callback_replays_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "callback_replays_client_replay_uq" ON "callback_replays" USING btree ("client_ref","replay_id");--> statement-breakpoint
CREATE INDEX "callback_replays_open_idx" ON "callback_replays" USING btree ("updated_at") WHERE status IN ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "callback_deliveries_client_created_idx" ON "callback_deliveries" USING btree ("client_ref","created_at");