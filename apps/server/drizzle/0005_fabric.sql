CREATE TABLE "api_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"client_ref" bigint NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_id_unique" UNIQUE("key_id")
);
--> statement-breakpoint
CREATE TABLE "credit_accounts" (
	"client_ref" bigint PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_balance_never_negative" CHECK ("credit_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_operations" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"kind" text NOT NULL,
	"credits" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_operations_pkey" PRIMARY KEY("client_ref","id"),
	CONSTRAINT "credit_operations_kind" CHECK (("credit_operations"."kind" IN ('LOAD', 'REFUND') AND "credit_operations"."credits" > 0) OR ("credit_operations"."kind" IN ('UNLOAD', 'CONSUME') AND "credit_operations"."credits" < 0))
);
--> statement-breakpoint
CREATE TABLE "fabric_calls" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"event_seq" bigint NOT NULL,
	"urn" text NOT NULL,
	"product" text NOT NULL,
	"status" text NOT NULL,
	"result_code" text,
	"message" text,
	"customer_reference_number" text,
	"reference_id" text,
	"transaction_id" text,
	"initiation_transaction_id" text,
	"credits" integer DEFAULT 0 NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"channel" text NOT NULL,
	"api_key_id" text,
	"request" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"state" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fabric_calls_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "company_urn" text DEFAULT ('CMP' || upper(replace(gen_random_uuid()::text, '-', ''))) NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_operations" ADD CONSTRAINT "credit_operations_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_operations" ADD CONSTRAINT "credit_operations_account_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."credit_accounts"("client_ref") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_calls" ADD CONSTRAINT "fabric_calls_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_calls" ADD CONSTRAINT "fabric_calls_api_key_id_api_keys_key_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("key_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_client_idx" ON "api_keys" USING btree ("client_ref","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_operations_client_idempotency_uq" ON "credit_operations" USING btree ("client_ref","idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_operations_client_created_idx" ON "credit_operations" USING btree ("client_ref","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fabric_calls_client_urn_uq" ON "fabric_calls" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE UNIQUE INDEX "fabric_calls_client_seq_uq" ON "fabric_calls" USING btree ("client_ref","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "fabric_calls_client_event_uq" ON "fabric_calls" USING btree ("client_ref","event_seq");--> statement-breakpoint
CREATE INDEX "fabric_calls_client_product_created_idx" ON "fabric_calls" USING btree ("client_ref","product","created_at","seq");--> statement-breakpoint
CREATE INDEX "fabric_calls_client_created_idx" ON "fabric_calls" USING btree ("client_ref","created_at");--> statement-breakpoint
CREATE INDEX "fabric_calls_client_product_crn_idx" ON "fabric_calls" USING btree ("client_ref","product","customer_reference_number");--> statement-breakpoint
CREATE INDEX "fabric_calls_client_product_reference_idx" ON "fabric_calls" USING btree ("client_ref","product","reference_id") WHERE reference_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "fabric_calls_client_product_transaction_idx" ON "fabric_calls" USING btree ("client_ref","product","transaction_id") WHERE transaction_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "fabric_calls_client_product_initiation_idx" ON "fabric_calls" USING btree ("client_ref","product","initiation_transaction_id") WHERE initiation_transaction_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_company_urn_unique" UNIQUE("company_urn");