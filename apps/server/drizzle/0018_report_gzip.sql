ALTER TABLE "reports" ADD COLUMN "content_encoding" text DEFAULT 'identity' NOT NULL;--> statement-breakpoint
-- Report chunks are gzip (CSV, JSON) or formats compressed already (XLSX, PDF): stored out of line as they are,
-- without PostgreSQL trying to compress them again (TOAST's pglz would spend CPU for nothing).
ALTER TABLE "report_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
