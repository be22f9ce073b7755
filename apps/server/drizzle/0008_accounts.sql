CREATE TABLE "company_meters" (
	"client_ref" bigint NOT NULL,
	"product" text NOT NULL,
	"price" integer NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_meters_client_ref_product_pk" PRIMARY KEY("client_ref","product"),
	CONSTRAINT "company_meters_price_whole" CHECK ("company_meters"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_accounts" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"bank_name" text,
	"status" text NOT NULL,
	"status_message" text,
	"validation_urn" text,
	"registered_name" text,
	"name_match_score" integer,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_accounts_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
CREATE TABLE "settlement_cycles" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"cycle_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"run_times" jsonb NOT NULL,
	"time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"min_amount" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_cycles_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"cycle_ref" bigint NOT NULL,
	"type" text NOT NULL,
	"trigger" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"account_ref" bigint NOT NULL,
	"settlement_account_ref" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"status_message" text,
	"payout_urn" text,
	"bank_reference_number" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
CREATE TABLE "virtual_account_credits" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"virtual_account_ref" bigint NOT NULL,
	"utr" text NOT NULL,
	"mode" text NOT NULL,
	"amount" bigint NOT NULL,
	"remitter_name" text NOT NULL,
	"remitter_account_number" text,
	"remitter_ifsc" text,
	"remitter_upi_id" text,
	"status" text NOT NULL,
	"return_reason" text,
	"entry_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virtual_account_credits_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"account_ref" bigint NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"upi_id" text NOT NULL,
	"name" text NOT NULL,
	"customer_id" text NOT NULL,
	"allowed_payers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expected_amount" bigint,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virtual_accounts_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_balance_never_negative";--> statement-breakpoint
DROP INDEX "ledger_postings_account_idx";--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "beneficiary_ref" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_operations" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "kind" text DEFAULT 'PAYOUT' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_meters" ADD CONSTRAINT "company_meters_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_accounts" ADD CONSTRAINT "settlement_accounts_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_cycles" ADD CONSTRAINT "settlement_cycles_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_cycle_fk" FOREIGN KEY ("client_ref","cycle_ref") REFERENCES "public"."settlement_cycles"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_account_fk" FOREIGN KEY ("client_ref","account_ref") REFERENCES "public"."accounts"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_settlement_account_fk" FOREIGN KEY ("client_ref","settlement_account_ref") REFERENCES "public"."settlement_accounts"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_account_credits" ADD CONSTRAINT "virtual_account_credits_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_account_credits" ADD CONSTRAINT "virtual_account_credits_va_fk" FOREIGN KEY ("client_ref","virtual_account_ref") REFERENCES "public"."virtual_accounts"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_account_fk" FOREIGN KEY ("client_ref","account_ref") REFERENCES "public"."accounts"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_accounts_one_active_uq" ON "settlement_accounts" USING btree ("client_ref") WHERE is_active;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_cycles_client_cycle_uq" ON "settlement_cycles" USING btree ("client_ref","cycle_id");--> statement-breakpoint
CREATE INDEX "settlement_cycles_due_idx" ON "settlement_cycles" USING btree ("next_run_at") WHERE enabled AND next_run_at IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_client_urn_uq" ON "settlements" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_window_uq" ON "settlements" USING btree ("client_ref","cycle_ref","window_end","account_ref");--> statement-breakpoint
CREATE INDEX "settlements_client_created_idx" ON "settlements" USING btree ("client_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "settlements_client_payout_idx" ON "settlements" USING btree ("client_ref","payout_urn");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_account_credits_client_urn_uq" ON "virtual_account_credits" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_account_credits_client_utr_uq" ON "virtual_account_credits" USING btree ("client_ref","utr");--> statement-breakpoint
CREATE INDEX "virtual_account_credits_va_idx" ON "virtual_account_credits" USING btree ("client_ref","virtual_account_ref","created_at");--> statement-breakpoint
CREATE INDEX "virtual_account_credits_client_created_idx" ON "virtual_account_credits" USING btree ("client_ref","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_client_urn_uq" ON "virtual_accounts" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_client_number_uq" ON "virtual_accounts" USING btree ("client_ref","account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_client_account_uq" ON "virtual_accounts" USING btree ("client_ref","account_ref");--> statement-breakpoint
CREATE INDEX "virtual_accounts_client_created_idx" ON "virtual_accounts" USING btree ("client_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "virtual_accounts_client_customer_idx" ON "virtual_accounts" USING btree ("client_ref","customer_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("client_ref","account_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_balance_never_negative" CHECK ("accounts"."balance" >= 0);--> statement-breakpoint
INSERT INTO "system_accounts" ("code", "account_number", "ifsc", "name", "provider", "provider_code")
VALUES ('COLLECTIONS_CLEARING', '0000000000004', 'MRDN0000001', 'Collections clearing', 'Meridian Sandbox Bank', 'MRDN')
ON CONFLICT DO NOTHING;
