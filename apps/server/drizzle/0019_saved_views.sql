CREATE TABLE "saved_views" (
	"id" bigserial NOT NULL,
	"client_ref" bigint NOT NULL,
	"user_ref" bigint NOT NULL,
	"view_id" text NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"search" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_pkey" PRIMARY KEY("client_ref","id")
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_client_ref_clients_id_fk" FOREIGN KEY ("client_ref") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_ref_users_id_fk" FOREIGN KEY ("user_ref") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_view_id_key" ON "saved_views" USING btree ("client_ref","view_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_list_name_key" ON "saved_views" USING btree ("client_ref","user_ref","list",lower("name"));