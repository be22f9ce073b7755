CREATE TABLE "bulk_files" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"bulk_ref" bigint NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_files_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
CREATE TABLE "bulk_line_items" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"bulk_ref" bigint NOT NULL,
	"row" integer NOT NULL,
	"customer_reference_number" text NOT NULL,
	"beneficiary_code" text,
	"beneficiary_name" text,
	"beneficiary_account_number" text,
	"ifsc" text,
	"amount" bigint NOT NULL,
	"transfer_type" text NOT NULL,
	"purpose_message" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"payout_ref" bigint,
	"failure_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_line_items_pkey" PRIMARY KEY("client_ref","id"),
	CONSTRAINT "bulk_line_items_amount_positive" CHECK ("bulk_line_items"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bulks" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"account_ref" bigint NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"total_rows" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"rejected_rows" integer DEFAULT 0 NOT NULL,
	"created_by_ref" bigint,
	"created_by" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "bulks_pkey" PRIMARY KEY("client_ref","id"),
	CONSTRAINT "bulks_counts" CHECK ("bulks"."processed_rows" + "bulks"."rejected_rows" <= "bulks"."total_rows")
);
--> statement-breakpoint
ALTER TABLE "bulk_files" ADD CONSTRAINT "bulk_files_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_files" ADD CONSTRAINT "bulk_files_bulk_fk" FOREIGN KEY ("client_ref","bulk_ref") REFERENCES "public"."bulks"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_line_items" ADD CONSTRAINT "bulk_line_items_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_line_items" ADD CONSTRAINT "bulk_line_items_bulk_fk" FOREIGN KEY ("client_ref","bulk_ref") REFERENCES "public"."bulks"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_line_items" ADD CONSTRAINT "bulk_line_items_payout_fk" FOREIGN KEY ("client_ref","payout_ref") REFERENCES "public"."payouts"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulks" ADD CONSTRAINT "bulks_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulks" ADD CONSTRAINT "bulks_account_fk" FOREIGN KEY ("client_ref","account_ref") REFERENCES "public"."accounts"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_files_client_bulk_uq" ON "bulk_files" USING btree ("client_ref","bulk_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_line_items_client_bulk_row_uq" ON "bulk_line_items" USING btree ("client_ref","bulk_ref","row");--> statement-breakpoint
CREATE INDEX "bulk_line_items_pending_idx" ON "bulk_line_items" USING btree ("client_ref","bulk_ref","row") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "bulk_line_items_pending_crn_idx" ON "bulk_line_items" USING btree ("client_ref","customer_reference_number") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_line_items_client_payout_uq" ON "bulk_line_items" USING btree ("client_ref","payout_ref") WHERE payout_ref IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bulks_client_urn_uq" ON "bulks" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE INDEX "bulks_client_created_idx" ON "bulks" USING btree ("client_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bulks_open_lease_idx" ON "bulks" USING btree ("lease_until") WHERE status IN ('QUEUED', 'PROCESSING');