CREATE TABLE "payment_link_attempts" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"link_ref" bigint NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"utr" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_link_attempts_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"token" text NOT NULL,
	"link_url" text NOT NULL,
	"account_ref" bigint NOT NULL,
	"customer_reference_number" text NOT NULL,
	"amount" bigint,
	"customer_enters_amount" boolean DEFAULT false NOT NULL,
	"min_amount" bigint,
	"max_amount" bigint,
	"purpose" text NOT NULL,
	"customer_name" text,
	"customer_email" text,
	"customer_mobile" text,
	"payee_vpa" text NOT NULL,
	"payee_name" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_amount" bigint,
	"utr" text,
	"entry_id" text,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_pkey" PRIMARY KEY("client_ref","id"),
	CONSTRAINT "payment_links_amount_positive" CHECK ("payment_links"."amount" IS NULL OR "payment_links"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_link_attempts" ADD CONSTRAINT "payment_link_attempts_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_attempts" ADD CONSTRAINT "payment_link_attempts_link_fk" FOREIGN KEY ("client_ref","link_ref") REFERENCES "public"."payment_links"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_account_fk" FOREIGN KEY ("client_ref","account_ref") REFERENCES "public"."accounts"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_link_attempts_link_idx" ON "payment_link_attempts" USING btree ("client_ref","link_ref","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_link_attempts_one_success_uq" ON "payment_link_attempts" USING btree ("client_ref","link_ref") WHERE status = 'SUCCESS';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_client_urn_uq" ON "payment_links" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_client_token_uq" ON "payment_links" USING btree ("client_ref","token");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_client_crn_uq" ON "payment_links" USING btree ("client_ref","customer_reference_number");--> statement-breakpoint
CREATE INDEX "payment_links_client_created_idx" ON "payment_links" USING btree ("client_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_links_client_urn_prefix_idx" ON "payment_links" USING btree ("client_ref","urn" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payment_links_client_crn_prefix_idx" ON "payment_links" USING btree ("client_ref",lower("customer_reference_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payment_links_client_status_created_idx" ON "payment_links" USING btree ("client_ref","status","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_links_open_expiry_idx" ON "payment_links" USING btree ("expires_at") WHERE status = 'CREATED';