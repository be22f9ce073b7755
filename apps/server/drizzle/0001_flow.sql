CREATE TABLE "accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_ref" bigint,
	"kind" text NOT NULL,
	"system_code" text,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"provider_code" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_system_code_unique" UNIQUE("system_code"),
	CONSTRAINT "accounts_account_number_unique" UNIQUE("account_number"),
	CONSTRAINT "accounts_balance_never_negative" CHECK ("accounts"."kind" <> 'client_current' OR "accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "beneficiaries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_ref" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"mobile" text,
	"provider" text NOT NULL,
	"provider_code" text NOT NULL,
	"transfer_type" text NOT NULL,
	"sender_account_ref" bigint NOT NULL,
	"account_number" text,
	"ifsc" text,
	"bank_name" text,
	"upi_id" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callback_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_ref" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"latency_ms" integer,
	"response_excerpt" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "callback_configs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"callback_id" text NOT NULL,
	"client_ref" bigint NOT NULL,
	"event_type" text NOT NULL,
	"url" text NOT NULL,
	"http_method" text DEFAULT 'POST' NOT NULL,
	"secret" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "callback_configs_callback_id_unique" UNIQUE("callback_id")
);
--> statement-breakpoint
CREATE TABLE "callback_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"client_ref" bigint NOT NULL,
	"config_ref" bigint NOT NULL,
	"event" text NOT NULL,
	"subject_urn" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "callback_deliveries_webhook_id_unique" UNIQUE("webhook_id")
);
--> statement-breakpoint
CREATE TABLE "client_features" (
	"client_ref" bigint PRIMARY KEY NOT NULL,
	"frontend_payout" boolean DEFAULT true NOT NULL,
	"bulk_frontend_payout" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_sequences" (
	"client_ref" bigint NOT NULL,
	"name" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "client_sequences_client_ref_name_pk" PRIMARY KEY("client_ref","name")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"client_ref" bigint NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_client_ref_scope_key_pk" PRIMARY KEY("client_ref","scope","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"client_ref" bigint,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"reference_urn" text,
	"bank_reference_number" text,
	"customer_reference_number" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_entry_id_unique" UNIQUE("entry_id"),
	CONSTRAINT "ledger_entries_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_ref" bigint NOT NULL,
	"account_ref" bigint NOT NULL,
	"client_ref" bigint,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payout_ref" bigint NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"urn" text NOT NULL,
	"client_ref" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"account_ref" bigint NOT NULL,
	"beneficiary_ref" bigint NOT NULL,
	"customer_reference_number" text NOT NULL,
	"bank_reference_number" text,
	"beneficiary_code" text NOT NULL,
	"beneficiary_name" text NOT NULL,
	"beneficiary_account_number" text,
	"ifsc" text,
	"upi_id" text,
	"amount" bigint NOT NULL,
	"transfer_type" text NOT NULL,
	"purpose_message" text NOT NULL,
	"status" text NOT NULL,
	"status_message" text,
	"rail_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_urn_unique" UNIQUE("urn")
);
--> statement-breakpoint
CREATE TABLE "validations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"urn" text NOT NULL,
	"client_ref" bigint NOT NULL,
	"customer_reference_number" text,
	"bank_reference_number" text,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"bank_name" text NOT NULL,
	"name_given" text NOT NULL,
	"registered_name" text,
	"name_match_score" integer,
	"status" text NOT NULL,
	"status_message" text,
	"fee" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "validations_urn_unique" UNIQUE("urn")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_sender_account_ref_accounts_id_fk" FOREIGN KEY ("sender_account_ref") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_attempts" ADD CONSTRAINT "callback_attempts_delivery_ref_callback_deliveries_id_fk" FOREIGN KEY ("delivery_ref") REFERENCES "public"."callback_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_configs" ADD CONSTRAINT "callback_configs_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_config_ref_callback_configs_id_fk" FOREIGN KEY ("config_ref") REFERENCES "public"."callback_configs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_features" ADD CONSTRAINT "client_features_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_sequences" ADD CONSTRAINT "client_sequences_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_ref_ledger_entries_id_fk" FOREIGN KEY ("entry_ref") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_ref_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_payout_ref_payouts_id_fk" FOREIGN KEY ("payout_ref") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_account_ref_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_beneficiary_ref_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_ref") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validations" ADD CONSTRAINT "validations_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_client_idx" ON "accounts" USING btree ("client_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_client_code_uq" ON "beneficiaries" USING btree ("client_ref",lower("code"));--> statement-breakpoint
CREATE INDEX "beneficiaries_client_created_idx" ON "beneficiaries" USING btree ("client_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "beneficiaries_client_account_idx" ON "beneficiaries" USING btree ("client_ref","account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "callback_attempts_delivery_attempt_uq" ON "callback_attempts" USING btree ("delivery_ref","attempt");--> statement-breakpoint
CREATE INDEX "callback_configs_client_event_idx" ON "callback_configs" USING btree ("client_ref","event_type");--> statement-breakpoint
CREATE INDEX "callback_deliveries_subject_idx" ON "callback_deliveries" USING btree ("subject_urn");--> statement-breakpoint
CREATE INDEX "callback_deliveries_due_idx" ON "callback_deliveries" USING btree ("next_attempt_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_reference_idx" ON "ledger_entries" USING btree ("reference_urn");--> statement-breakpoint
CREATE INDEX "ledger_entries_client_utr_idx" ON "ledger_entries" USING btree ("client_ref","bank_reference_number");--> statement-breakpoint
CREATE INDEX "ledger_entries_client_crn_idx" ON "ledger_entries" USING btree ("client_ref","customer_reference_number");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_ref");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_ref");--> statement-breakpoint
CREATE INDEX "ledger_postings_statement_idx" ON "ledger_postings" USING btree ("client_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_events_payout_idx" ON "payout_events" USING btree ("payout_ref");--> statement-breakpoint
CREATE INDEX "payouts_rail_due_idx" ON "payouts" USING btree ("rail_due_at") WHERE rail_due_at IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_client_seq_uq" ON "payouts" USING btree ("client_ref","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_client_crn_uq" ON "payouts" USING btree ("client_ref","customer_reference_number");--> statement-breakpoint
CREATE INDEX "payouts_client_created_idx" ON "payouts" USING btree ("client_ref","created_at","seq");--> statement-breakpoint
CREATE INDEX "payouts_client_utr_idx" ON "payouts" USING btree ("client_ref","bank_reference_number");--> statement-breakpoint
CREATE INDEX "validations_client_created_idx" ON "validations" USING btree ("client_ref","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "validations_client_account_idx" ON "validations" USING btree ("client_ref","account_number");--> statement-breakpoint
CREATE INDEX "validations_client_utr_idx" ON "validations" USING btree ("client_ref","bank_reference_number");