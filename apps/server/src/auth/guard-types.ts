import type { Permission } from '@meridian/contract/permissions';

// The caller types of the guard (guard.ts), apart so that what the guard calls (step-up, two-factor) can name a
// session without importing the guard.

/**
 * The verified caller of an API route: a member's dashboard session, or (on every client operation but a
 * person's own settings) an API key. `clientRef` scopes every read and write; `permissions` are the role's.
 */
export type AuthContext = {
  channel: 'dashboard' | 'api_key';
  /** The member (null for an API key). */
  userRef: number | null;
  userId: string | null;
  /** The member's e-mail, or `api_key:<key_id>`: the actor recorded in the audit log. */
  email: string;
  /** The tenant of the mode in use: every read and write of mode data is scoped to it. */
  clientRef: number;
  /** The company (its live tenant): what both modes share (members, roles, audit log, allow-list) keys on it. */
  companyRef: number;
  /** The company's public id (the same in both modes). */
  clientId: string;
  /** The mode in use: from the API key's tenant, or a session's `Meridian-Mode` header (absent = live). */
  livemode: boolean;
  /** Meridian operations opened the company's live mode: live money may move. */
  liveModeEnabled: boolean;
  /** The member's or the key's role (built-in key or `custom_…`). */
  role: string;
  permissions: ReadonlySet<Permission>;
  sessionId: string | null;
  apiKeyId: string | null;
  /** The company requires two-factor sign-in and this member has not chosen a method yet. */
  twoFactorSetupRequired: boolean;
};

/** A session's two contexts: the company's live mode and its test mode (null: the company has none). */
export type SessionModes = { live: SessionAuth; test: SessionAuth | null };

/** A member's dashboard session (what `self` operations and step-up need). */
export type SessionAuth = AuthContext & {
  channel: 'dashboard';
  userRef: number;
  userId: string;
  sessionId: string;
};
