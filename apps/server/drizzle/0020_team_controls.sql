CREATE TABLE "approval_decisions" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"request_ref" bigint NOT NULL,
	"step" integer NOT NULL,
	"user_ref" bigint NOT NULL,
	"email" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_decisions_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"action" text NOT NULL,
	"rule_urn" text,
	"steps" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"current_step" integer DEFAULT 0 NOT NULL,
	"summary" text NOT NULL,
	"amount" bigint,
	"resource_urn" text,
	"payload" jsonb NOT NULL,
	"diff" jsonb,
	"source" text NOT NULL,
	"requested_by_ref" bigint,
	"requested_by" text NOT NULL,
	"outcome" text,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_requests_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
CREATE TABLE "approval_rules" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_rules_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"urn" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"invited_by_ref" bigint,
	"invited_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" jsonb NOT NULL,
	"based_on" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "role" text DEFAULT 'developer' NOT NULL;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "name_match_score" integer;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "limited_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'viewer' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_request_fk" FOREIGN KEY ("client_ref","request_ref") REFERENCES "public"."approval_requests"("client_ref","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_decisions_once_uq" ON "approval_decisions" USING btree ("client_ref","request_ref","user_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_client_urn_uq" ON "approval_requests" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE INDEX "approval_requests_client_status_idx" ON "approval_requests" USING btree ("client_ref","status","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_pending_expiry_idx" ON "approval_requests" USING btree ("expires_at") WHERE "approval_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "approval_rules_client_urn_uq" ON "approval_rules" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_client_urn_uq" ON "invitations" USING btree ("client_ref","urn");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_uq" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_client_email_idx" ON "invitations" USING btree ("client_ref",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_client_key_uq" ON "roles" USING btree ("client_ref","key");--> statement-breakpoint
-- Roles replace the legacy scopes: an admin becomes the company's owner, finance a finance maker, Meridian's
-- staff `meridian_ops`; a member without a scope a viewer.
UPDATE "users" SET "role" = CASE
	WHEN ' ' || "scopes" || ' ' LIKE '% ops %' THEN 'meridian_ops'
	WHEN ' ' || "scopes" || ' ' LIKE '% admin %' THEN 'owner'
	WHEN ' ' || "scopes" || ' ' LIKE '% finance %' THEN 'finance_maker'
	ELSE 'viewer' END;
--> statement-breakpoint
-- The guard now reads the member's role and status, and a custom role's permissions: changes to either notify
-- the session caches (a custom role's change as its client's: every cached session and key of that client).
DROP TRIGGER "users_notify" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_notify" AFTER UPDATE OF "email", "scopes", "client_ref", "public_id", "mfa_preference", "role", "status" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "meridian_notify_session_change"();
--> statement-breakpoint
CREATE FUNCTION "meridian_notify_role_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'STATEMENT' THEN
		PERFORM pg_notify('meridian_sessions', '*');
	ELSE
		PERFORM pg_notify('meridian_sessions', 'c:' || OLD.client_ref);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "roles_notify" AFTER UPDATE OR DELETE ON "roles" FOR EACH ROW EXECUTE FUNCTION "meridian_notify_role_change"();
--> statement-breakpoint
CREATE TRIGGER "roles_notify_truncate" AFTER TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "meridian_notify_role_change"();
--> statement-breakpoint
DROP TRIGGER "api_keys_notify" ON "api_keys";
--> statement-breakpoint
CREATE TRIGGER "api_keys_notify" AFTER UPDATE OF "revoked_at", "secret_hash", "client_ref", "key_id", "role" OR DELETE ON "api_keys" FOR EACH ROW WHEN (OLD."revoked_at" IS NULL) EXECUTE FUNCTION "meridian_notify_session_change"();
