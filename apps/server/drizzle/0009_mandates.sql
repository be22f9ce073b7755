CREATE TABLE "mandate_events" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"mandate_ref" bigint NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandate_events_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
CREATE TABLE "mandate_presentations" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"mandate_ref" bigint NOT NULL,
	"customer_reference_number" text NOT NULL,
	"amount" bigint NOT NULL,
	"remarks" text,
	"period_key" text,
	"status" text NOT NULL,
	"status_message" text,
	"bank_reference_number" text,
	"rail_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandate_presentations_pkey" PRIMARY KEY("client_ref","id"),
	CONSTRAINT "mandate_presentations_amount_positive" CHECK ("mandate_presentations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "mandates" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"customer_reference_number" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"status_message" text,
	"umrn" text,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_mobile" text NOT NULL,
	"account_number" text,
	"ifsc" text,
	"account_type" text,
	"bank_name" text,
	"vpa" text,
	"max_amount" bigint NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"account_ref" bigint NOT NULL,
	"auth_token" text NOT NULL,
	"authorisation_url" text NOT NULL,
	"auth_expires_at" timestamp with time zone NOT NULL,
	"authorised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandates_pkey" PRIMARY KEY("client_ref","id"),
	CONSTRAINT "mandates_max_amount_positive" CHECK ("mandates"."max_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "mandate_events" ADD CONSTRAINT "mandate_events_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_events" ADD CONSTRAINT "mandate_events_mandate_fk" FOREIGN KEY ("client_ref","mandate_ref") REFERENCES "public"."mandates"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_presentations" ADD CONSTRAINT "mandate_presentations_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_presentations" ADD CONSTRAINT "mandate_presentations_mandate_fk" FOREIGN KEY ("client_ref","mandate_ref") REFERENCES "public"."mandates"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandates" ADD CONSTRAINT "mandates_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandates" ADD CONSTRAINT "mandates_account_fk" FOREIGN KEY ("client_ref","account_ref") REFERENCES "public"."accounts"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mandate_events_mandate_idx" ON "mandate_events" USING btree ("client_ref","mandate_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "mandate_presentations_client_urn_uq" ON "mandate_presentations" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE UNIQUE INDEX "mandate_presentations_client_crn_uq" ON "mandate_presentations" USING btree ("client_ref","customer_reference_number");--> statement-breakpoint
CREATE UNIQUE INDEX "mandate_presentations_period_uq" ON "mandate_presentations" USING btree ("client_ref","mandate_ref","period_key") WHERE period_key IS NOT NULL AND status <> 'BOUNCED';--> statement-breakpoint
CREATE INDEX "mandate_presentations_client_created_idx" ON "mandate_presentations" USING btree ("client_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mandate_presentations_mandate_idx" ON "mandate_presentations" USING btree ("client_ref","mandate_ref","created_at");--> statement-breakpoint
CREATE INDEX "mandate_presentations_client_utr_idx" ON "mandate_presentations" USING btree ("client_ref","bank_reference_number");--> statement-breakpoint
CREATE INDEX "mandate_presentations_rail_due_idx" ON "mandate_presentations" USING btree ("rail_due_at") WHERE rail_due_at IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mandates_client_urn_uq" ON "mandates" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE UNIQUE INDEX "mandates_client_crn_uq" ON "mandates" USING btree ("client_ref","customer_reference_number");--> statement-breakpoint
CREATE INDEX "mandates_client_created_idx" ON "mandates" USING btree ("client_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mandates_client_umrn_idx" ON "mandates" USING btree ("client_ref","umrn" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "mandates_client_urn_prefix_idx" ON "mandates" USING btree ("client_ref","urn" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "mandates_client_crn_prefix_idx" ON "mandates" USING btree ("client_ref",lower("customer_reference_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "mandates_auth_token_idx" ON "mandates" USING btree ("auth_token");--> statement-breakpoint
CREATE INDEX "mandates_auth_expiry_idx" ON "mandates" USING btree ("auth_expires_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "mandates_end_date_idx" ON "mandates" USING btree ("end_date") WHERE status IN ('ACTIVE', 'PAUSED') AND end_date IS NOT NULL;