DROP INDEX "beneficiaries_client_code_uq";--> statement-breakpoint
DROP INDEX "beneficiaries_client_account_idx";--> statement-breakpoint
DROP INDEX "payouts_client_utr_idx";--> statement-breakpoint
CREATE INDEX "beneficiaries_name_words_idx" ON "beneficiaries" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "payouts_client_urn_prefix_idx" ON "payouts" USING btree ("client_ref","urn" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payouts_client_crn_prefix_idx" ON "payouts" USING btree ("client_ref",lower("customer_reference_number") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_client_code_uq" ON "beneficiaries" USING btree ("client_ref",lower("code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "beneficiaries_client_account_idx" ON "beneficiaries" USING btree ("client_ref","account_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payouts_client_utr_idx" ON "payouts" USING btree ("client_ref","bank_reference_number" text_pattern_ops);