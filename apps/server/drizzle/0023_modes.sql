ALTER TABLE "audit_log" ADD COLUMN "livemode" boolean;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "company_ref" bigint;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "live_mode_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_company_ref_clients_id_fk" FOREIGN KEY ("company_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_company_test_uq" ON "clients" USING btree ("company_ref") WHERE "clients"."company_ref" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_mode_check" CHECK ("clients"."livemode" = ("clients"."company_ref" IS NULL));--> statement-breakpoint
-- Existing companies: their data is live data, their keys live keys, and their live mode is open.
UPDATE "clients" SET "live_mode_enabled" = true;--> statement-breakpoint
-- Each customer company gets its test-mode tenant ("<Company> (test mode)", its own public ids).
INSERT INTO "clients" ("client_id", "company_common_name", "kind", "company_ref", "livemode", "live_mode_enabled")
SELECT 'CLI' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 26)),
       "company_common_name" || ' (test mode)', "kind", "id", false, false
  FROM "clients" WHERE "kind" = 'customer' AND "company_ref" IS NULL;--> statement-breakpoint
INSERT INTO "credit_accounts" ("client_ref", "balance") SELECT "id", 100000 FROM "clients" WHERE NOT "livemode";--> statement-breakpoint
-- What a mode did is live (every entry so far); what the company shares (sign-in, team, settings) has no mode.
UPDATE "audit_log" SET "livemode" = true
 WHERE split_part("action", '.', 1) NOT IN ('auth', 'user', 'team', 'company', 'ip_allowlist', 'support', 'onboarding', 'ops');--> statement-breakpoint
DROP TRIGGER "clients_notify" ON "clients";--> statement-breakpoint
CREATE TRIGGER "clients_notify" AFTER UPDATE OF "client_id", "mfa_required", "live_mode_enabled" OR DELETE ON "clients" FOR EACH ROW EXECUTE FUNCTION "meridian_notify_session_change"();
