CREATE TABLE "mfa_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_ref" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_totp" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_ref" bigint NOT NULL,
	"secret_enc" text,
	"last_step" bigint,
	"enabled_at" timestamp with time zone,
	"pending_secret_enc" text,
	"pending_expires_at" timestamp with time zone,
	"step_up_code_hash" text,
	"step_up_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_totp_user_ref_unique" UNIQUE("user_ref")
);
--> statement-breakpoint
ALTER TABLE "mfa_attempts" ALTER COLUMN "code_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "mfa_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_attempts" ADD COLUMN "kind" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_ref_users_id_fk" FOREIGN KEY ("user_ref") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_totp" ADD CONSTRAINT "user_totp_user_ref_users_id_fk" FOREIGN KEY ("user_ref") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_recovery_codes_user_code_uq" ON "mfa_recovery_codes" USING btree ("user_ref","code_hash");