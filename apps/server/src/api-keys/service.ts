import { and, desc, eq, isNull, or, sql, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MAX_ACTIVE_API_KEYS, type ApiKey, type ApiKeyCreated } from '@meridian/contract/fabric';
import {
  CLIENT_ROLE_KEYS,
  DEFAULT_API_KEY_ROLE,
  isBuiltInRole,
  type Permission,
} from '@meridian/contract/permissions';
import { auditBy, type Actor } from '../audit/actor.ts';
import { inTransaction, type Db } from '../db/database.ts';
import { apiKeys, clients, roles } from '../db/schema.ts';
import { livemodeOf, rememberTenant } from '../db/tenants.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import { permissionsOf } from '../auth/permissions.ts';
import { newId, newSecret, safeEqual, sha256 } from '../lib/ids.ts';

/**
 * API keys for fabric's public endpoints. A key is made in one mode (its tenant: the company's live one or its
 * test one) and is `key_id` (public, `key_…`) and `key_secret` (`mk_live_` or `mk_test_` + 256 random bits, shown
 * once). The mode is read from the key's tenant, never from the prefix (which only tells a person): only the secret's SHA-256 is stored. A slow hash (argon2) protects low-entropy
 * passwords; a 256-bit random secret cannot be guessed from its SHA-256, and checking one costs microseconds.
 */
type Row = typeof apiKeys.$inferSelect;

/** A secret's prefix in each mode. */
export const secretPrefix = (livemode: boolean) => (livemode ? 'mk_live_' : 'mk_test_');

export const toApiKey = (r: Row): ApiKey => ({
  key_id: r.keyId,
  name: r.name,
  role: r.role,
  status: r.revokedAt ? 'REVOKED' : 'ACTIVE',
  livemode: livemodeOf(r.clientRef),
  created_at: r.createdAt.toISOString(),
  created_by: r.createdBy,
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
  last_used_ip: r.lastUsedIp,
  revoked_at: r.revokedAt?.toISOString() ?? null,
});

/** A new key's id and secret in a mode, made before the key exists when its creation waits for approval. */
export const newKeyCredentials = (livemode: boolean) => ({
  keyId: newId('key_'),
  secret: `${secretPrefix(livemode)}${newSecret(32)}`,
});

/** 422 when the client already has MAX_ACTIVE_API_KEYS active keys. */
export async function checkApiKeyLimit(db: Db, clientRef: number): Promise<void> {
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.clientRef, clientRef), isNull(apiKeys.revokedAt)));
  if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS)
    throw new AppError(
      422,
      'too_many_api_keys',
      `You have ${MAX_ACTIVE_API_KEYS} active API keys, the most allowed: revoke one before creating another`,
    );
}

/**
 * The role a new key gets: the one asked for, else DEFAULT_API_KEY_ROLE. It must be a built-in client role or one
 * of the client's custom roles (else 400), and grant no permission the creating member does not hold (else 403
 * `permission_denied` naming one): a key never reaches further than the member who made it.
 */
export async function resolveApiKeyRole(
  db: Db,
  creator: { companyRef: number; permissions: ReadonlySet<Permission> },
  requested: string | undefined,
): Promise<string> {
  const role = requested ?? DEFAULT_API_KEY_ROLE;
  const known = isBuiltInRole(role)
    ? CLIENT_ROLE_KEYS.includes(role)
    : (
        await db
          .select({ key: roles.key })
          .from(roles)
          .where(and(eq(roles.clientRef, creator.companyRef), eq(roles.key, role)))
      ).length > 0;
  if (!known) throw badRequest(`No role ${role} in your company`, { role: 'is not a role of your company' });
  const granted = await permissionsOf(db, creator.companyRef, role);
  const beyond = [...granted].find((p) => !creator.permissions.has(p));
  if (beyond)
    throw new AppError(
      403,
      'permission_denied',
      `The ${role} role grants the ${beyond} permission, which your own role does not hold: an API key may have only permissions you hold yourself.`,
    );
  return role;
}

/** Creates a key (at most MAX_ACTIVE_API_KEYS active per client, else 422); the only answer with the secret. */
export async function createApiKey(
  db: Db,
  actor: Actor,
  input: { name: string; role?: string },
): Promise<ApiKeyCreated> {
  const { keyId, secret } = newKeyCredentials(livemodeOf(actor.clientRef));
  const key = await createApiKeyWith(db, actor, input, { keyId, secretHash: sha256(secret) });
  return { ...key, key_secret: secret };
}

/**
 * Creates a key with an id and secret hash made before (`newKeyCredentials`: the secret itself went only to the
 * member who asked for the key); checks the limit again, serialised per client.
 */
export async function createApiKeyWith(
  db: Db,
  actor: Actor,
  input: { name: string; role?: string },
  credentials: { keyId: string; secretHash: string },
): Promise<ApiKey> {
  return inTransaction(db, async (tx) => {
    // Serialise this client's key creations, so that two racing creations cannot both pass the limit.
    await tx.execute(sql`SELECT id FROM ${clients} WHERE id = ${actor.clientRef} FOR UPDATE`);
    await checkApiKeyLimit(tx, actor.clientRef);
    const [row] = await tx
      .insert(apiKeys)
      .values({
        keyId: credentials.keyId,
        clientRef: actor.clientRef,
        name: input.name,
        role: input.role ?? DEFAULT_API_KEY_ROLE,
        secretHash: credentials.secretHash,
        // A key made once its creation was approved is the maker's, not the approver's.
        createdBy: actor.onBehalfOf?.email ?? actor.email,
      })
      .returning();
    await auditBy(tx, actor, 'api_key.created', row!.keyId, { name: input.name, role: row!.role });
    return toApiKey(row!);
  });
}

/** The client's keys, newest first (never a secret). */
export async function listApiKeys(db: Db, clientRef: number): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.clientRef, clientRef))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/** Revokes one of the client's keys (404 for another client's); revoking twice answers the revoked key. */
export async function revokeApiKey(db: Db, actor: Actor, keyId: string): Promise<ApiKey> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.clientRef, actor.clientRef), eq(apiKeys.keyId, keyId), isNull(apiKeys.revokedAt)))
      .returning();
    if (row) {
      await auditBy(tx, actor, 'api_key.revoked', keyId, { name: row.name });
      return toApiKey(row);
    }
    const [existing] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.clientRef, actor.clientRef), eq(apiKeys.keyId, keyId)));
    if (!existing) throw notFound(`No API key ${keyId}`);
    return toApiKey(existing);
  });
}

const company = alias(clients, 'company');

/** The caller of a public endpoint, authenticated by an API key. */
export type ApiKeyCaller = {
  keyId: string;
  /** The key's tenant (its mode's). */
  clientRef: number;
  companyRef: number;
  /** The company's public id. */
  clientId: string;
  livemode: boolean;
  liveModeEnabled: boolean;
  createdBy: string;
  role: string;
};

/**
 * Checks `key_id:key_secret` (constant-time comparison of the hashes). Answers the caller, or the reason it is
 * refused: `unknown` (no such key or a wrong secret: the same answer, so key ids cannot be probed) or `revoked`.
 */
export async function verifyApiKey(
  db: Db,
  keyId: string,
  secret: string,
): Promise<{ caller: ApiKeyCaller; lastUsedAt: Date | null } | 'unknown' | 'revoked'> {
  const [row] = await db
    .select({
      keyId: apiKeys.keyId,
      clientRef: apiKeys.clientRef,
      companyRef: company.id,
      clientId: company.clientId,
      livemode: clients.livemode,
      liveModeEnabled: company.liveModeEnabled,
      createdBy: apiKeys.createdBy,
      role: apiKeys.role,
      secretHash: apiKeys.secretHash,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(clients, eq(clients.id, apiKeys.clientRef))
    .innerJoin(company, eq(company.id, sql`coalesce(${clients.companyRef}, ${clients.id})`))
    .where(eq(apiKeys.keyId, keyId));
  // Hash whatever was sent even for an unknown key, so the answer takes the same time.
  const sent = sha256(secret);
  if (!row || !safeEqual(sent, row.secretHash)) return 'unknown';
  if (row.revokedAt) return 'revoked';
  rememberTenant({
    id: row.clientRef,
    companyRef: row.livemode ? null : row.companyRef,
    livemode: row.livemode,
  });
  return {
    caller: {
      keyId: row.keyId,
      clientRef: row.clientRef,
      companyRef: row.companyRef,
      clientId: row.clientId,
      livemode: row.livemode,
      liveModeEnabled: row.liveModeEnabled,
      createdBy: row.createdBy,
      role: row.role,
    },
    lastUsedAt: row.lastUsedAt,
  };
}

/** Records a key's use (time and address), at most once a minute per key: one conditional UPDATE. */
export async function touchApiKey(db: Db, keyId: string, ip: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()`, lastUsedIp: ip })
    .where(
      and(
        eq(apiKeys.keyId, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
