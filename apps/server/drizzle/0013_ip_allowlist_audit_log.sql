CREATE TABLE "ip_allowlist_entries" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"entry_id" text NOT NULL,
	"cidr" text NOT NULL,
	"label" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ip_allowlist_entries_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
ALTER TABLE "ip_allowlist_entries" ADD CONSTRAINT "ip_allowlist_entries_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ip_allowlist_entries_cidr_key" ON "ip_allowlist_entries" USING btree ("client_ref","cidr");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_allowlist_entries_entry_id_key" ON "ip_allowlist_entries" USING btree ("client_ref","entry_id");--> statement-breakpoint
CREATE INDEX "audit_log_client_actor_idx" ON "audit_log" USING btree ("client_ref",lower("actor"),"created_at");--> statement-breakpoint
CREATE INDEX "audit_log_client_action_idx" ON "audit_log" USING btree ("client_ref","action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_client_target_idx" ON "audit_log" USING btree ("client_ref","target","created_at");