CREATE TABLE "support_tickets" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_by_ref" bigint,
	"created_by" text NOT NULL,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_pkey" PRIMARY KEY("client_ref","id"),
	CONSTRAINT "support_tickets_status" CHECK ("support_tickets"."status" IN ('OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'))
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_created_by_ref_users_id_fk" FOREIGN KEY ("created_by_ref") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_client_urn_uq" ON "support_tickets" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE INDEX "support_tickets_client_created_idx" ON "support_tickets" USING btree ("client_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_client_status_created_idx" ON "support_tickets" USING btree ("client_ref","status","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_status_created_idx" ON "support_tickets" USING btree ("status","created_at" DESC NULLS FIRST);