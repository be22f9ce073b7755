CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
