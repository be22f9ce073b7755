-- Session-cache invalidation (src/auth/session-cache.ts). Every API process keeps the live sessions it has
-- checked in memory and LISTENs on `meridian_sessions`; these triggers NOTIFY it of every change that can end
-- a session or alter what the guard reads (the session's revocation and expiry, the user's email, scopes and
-- client, the client's public id), whatever code or person makes the change. Only a live session can be in a
-- cache, so changes to revoked or expired ones (the purge job deletes many) notify nobody. A NOTIFY is
-- delivered only when its transaction commits, and not at all when it rolls back. Payloads:
-- `s:<session_id>`, `u:<users.id>`, `c:<clients.id>`, `*` (everything, after a TRUNCATE).
CREATE FUNCTION "meridian_notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'STATEMENT' THEN
		PERFORM pg_notify('meridian_sessions', '*');
	ELSIF TG_TABLE_NAME = 'auth_sessions' THEN
		PERFORM pg_notify('meridian_sessions', 's:' || OLD.session_id);
	ELSIF TG_TABLE_NAME = 'users' THEN
		PERFORM pg_notify('meridian_sessions', 'u:' || OLD.id);
	ELSE
		PERFORM pg_notify('meridian_sessions', 'c:' || OLD.id);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "auth_sessions_notify" AFTER UPDATE OF "revoked_at", "expires_at", "user_ref", "session_id" OR DELETE ON "auth_sessions" FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND OLD."expires_at" > now()) EXECUTE FUNCTION "meridian_notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "auth_sessions_notify_truncate" AFTER TRUNCATE ON "auth_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "meridian_notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "users_notify" AFTER UPDATE OF "email", "scopes", "client_ref", "public_id" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "meridian_notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "meridian_notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "clients_notify" AFTER UPDATE OF "client_id" OR DELETE ON "clients" FOR EACH ROW EXECUTE FUNCTION "meridian_notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "clients_notify_truncate" AFTER TRUNCATE ON "clients" FOR EACH STATEMENT EXECUTE FUNCTION "meridian_notify_session_change"();
