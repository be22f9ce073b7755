-- The session guard also reads the user's two-factor preference and the company's two-factor requirement (a user
-- who must still set up two-factor may only reach their two-factor settings): changes to either now notify the
-- session caches too, so the next request sees them in every process.
DROP TRIGGER "users_notify" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_notify" AFTER UPDATE OF "email", "scopes", "client_ref", "public_id", "mfa_preference" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "meridian_notify_session_change"();
--> statement-breakpoint
DROP TRIGGER "clients_notify" ON "clients";
--> statement-breakpoint
CREATE TRIGGER "clients_notify" AFTER UPDATE OF "client_id", "mfa_required" OR DELETE ON "clients" FOR EACH ROW EXECUTE FUNCTION "meridian_notify_session_change"();
