-- API-key cache invalidation (src/api-keys/guard.ts). Every API process keeps the API keys it has verified in a
-- companion of the session cache, owned by `key:<key_id>`, and LISTENs on `meridian_sessions` (migration 0004).
-- This trigger NOTIFYs `s:key:<key_id>` whenever a live key is revoked, deleted or changed in what the guard
-- reads (its secret, client or id), whatever code or person makes the change; `*` after a TRUNCATE. The revoke
-- endpoint also announces it itself and waits until every process has heard (as logouts do).
CREATE OR REPLACE FUNCTION "meridian_notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'STATEMENT' THEN
		PERFORM pg_notify('meridian_sessions', '*');
	ELSIF TG_TABLE_NAME = 'auth_sessions' THEN
		PERFORM pg_notify('meridian_sessions', 's:' || OLD.session_id);
	ELSIF TG_TABLE_NAME = 'users' THEN
		PERFORM pg_notify('meridian_sessions', 'u:' || OLD.id);
	ELSIF TG_TABLE_NAME = 'api_keys' THEN
		PERFORM pg_notify('meridian_sessions', 's:key:' || OLD.key_id);
	ELSE
		PERFORM pg_notify('meridian_sessions', 'c:' || OLD.id);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "api_keys_notify" AFTER UPDATE OF "revoked_at", "secret_hash", "client_ref", "key_id" OR DELETE ON "api_keys" FOR EACH ROW WHEN (OLD."revoked_at" IS NULL) EXECUTE FUNCTION "meridian_notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "api_keys_notify_truncate" AFTER TRUNCATE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "meridian_notify_session_change"();
