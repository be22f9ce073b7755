import { and, asc, eq, sql } from 'drizzle-orm';
import type { CallbackConfig, CallbackRequest } from '@meridian/contract';
import type { z } from 'zod';
import { auditBy, type Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { callbackConfigs } from '../db/schema.ts';
import { livemodeOf, tenantOf } from '../db/tenants.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import { privateAddressOf } from './http-client.ts';
import { maskSecret, newWebhookSecret } from './signing.ts';

type Row = typeof callbackConfigs.$inferSelect;
type Answer = z.infer<typeof CallbackConfig>;

/** At most this many URLs per client and event type. */
export const MAX_CALLBACKS_PER_EVENT = 5;

const toConfig = (r: Row, revealSecret: boolean): Answer => ({
  callback_id: r.callbackId,
  event_type: r.eventType as Answer['event_type'],
  url: r.url,
  http_method: r.httpMethod as Answer['http_method'],
  is_active: r.isActive,
  secret: revealSecret ? r.secret : maskSecret(r.secret),
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  livemode: livemodeOf(r.clientRef),
});

export async function listCallbacks(db: Db, clientRef: number): Promise<Answer[]> {
  const rows = await db
    .select()
    .from(callbackConfigs)
    .where(eq(callbackConfigs.clientRef, clientRef))
    .orderBy(asc(callbackConfigs.id));
  return rows.map((r) => toConfig(r, false));
}

/**
 * Where callback URLs may point. In production: https only, and no host that is or resolves to a loopback,
 * private, link-local or unspecified address (`allowPrivate`, from CALLBACK_ALLOW_PRIVATE, lifts the second).
 * Elsewhere anything http(s) goes, so that the demo can use the sandbox receiver on this server.
 */
export type CallbackUrlPolicy = { production: boolean; allowPrivate: boolean };
export const OPEN_URL_POLICY: CallbackUrlPolicy = { production: false, allowPrivate: true };

/** Refuses, with a 400 on the `url` field, a URL the policy does not allow. */
export async function checkCallbackUrl(url: string, policy: CallbackUrlPolicy): Promise<void> {
  if (!policy.production) return;
  const refuse = (why: string) => badRequest(why, { url: why });
  const target = new URL(url);
  if (target.protocol !== 'https:') throw refuse('Callback URLs must use https in production');
  if (policy.allowPrivate) return;
  let address: string | null;
  try {
    address = await privateAddressOf(target.hostname);
  } catch {
    throw refuse(`The host ${target.hostname} does not resolve to an address`);
  }
  if (address !== null)
    throw refuse(
      `The host ${target.hostname} is a loopback, private or link-local address (${address}); callbacks go only to public addresses`,
    );
}

/** `POST /v2/company/callback`: create, update or list, per `action`; a change and its audit record commit together. */
export async function handleCallbackRequest(
  db: Db,
  actor: Actor,
  req: CallbackRequest,
  policy: CallbackUrlPolicy = OPEN_URL_POLICY,
): Promise<{ status: number; body: Answer | { data: Answer[] } }> {
  if (req.action === 'list') return { status: 200, body: { data: await listCallbacks(db, actor.clientRef) } };
  // Outside the transaction: the check may ask DNS.
  if (req.url !== undefined) await checkCallbackUrl(req.url, policy);
  return db.transaction((tx) => changeCallback(tx, actor, req));
}

/** A change of the callback configurations: create one or update one. */
export type CallbackChange = Exclude<CallbackRequest, { action: 'list' }>;

/** What a callback configuration looks like to an approver of its change: where and how it delivers, never the secret. */
export type CallbackView = { event_type: string; url: string; http_method: string; is_active: boolean };
const visible = (r: Pick<Row, 'eventType' | 'url' | 'httpMethod' | 'isActive'>): CallbackView => ({
  event_type: r.eventType,
  url: r.url,
  http_method: r.httpMethod,
  is_active: r.isActive,
});

const tooMany = () =>
  new AppError(422, 'too_many_callbacks', `At most ${MAX_CALLBACKS_PER_EVENT} callback URLs per event type`);
const nothingToUpdate = () =>
  new AppError(400, 'validation_failed', 'Nothing to update', { fields: { body: 'Nothing to update' } });

/**
 * Checks a change as making it would (404 for another client's or an unknown configuration, 422 past the limit
 * per event type, 400 for an update that changes nothing), without making it; answers the configuration before
 * (null for a new one) and after, as the approvers of a change that waits see it.
 */
export async function planCallbackChange(
  db: Db,
  clientRef: number,
  req: CallbackChange,
): Promise<{ before: CallbackView | null; after: CallbackView; rotatesSecret: boolean }> {
  if (req.action === 'create') {
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(callbackConfigs)
      .where(and(eq(callbackConfigs.clientRef, clientRef), eq(callbackConfigs.eventType, req.event_type)));
    if (n >= MAX_CALLBACKS_PER_EVENT) throw tooMany();
    return {
      before: null,
      after: visible({
        eventType: req.event_type,
        url: req.url,
        httpMethod: req.http_method,
        isActive: req.is_active,
      }),
      rotatesSecret: false,
    };
  }
  if (
    req.url === undefined &&
    req.http_method === undefined &&
    req.is_active === undefined &&
    !req.rotate_secret
  )
    throw nothingToUpdate();
  const [row] = await db
    .select()
    .from(callbackConfigs)
    .where(and(eq(callbackConfigs.clientRef, clientRef), eq(callbackConfigs.callbackId, req.callback_id)));
  if (!row) throw notFound('No callback configuration with this callback_id');
  return {
    before: visible(row),
    after: visible({
      eventType: row.eventType,
      url: req.url ?? row.url,
      httpMethod: req.http_method ?? row.httpMethod,
      isActive: req.is_active ?? row.isActive,
    }),
    rotatesSecret: !!req.rotate_secret,
  };
}

/**
 * Makes a change (its audit record in the same transaction `db`). `secret`: the signing secret of a new
 * configuration or of a rotation, when it was made before (a change that waited for approval); else a new one.
 */
export async function changeCallback(
  db: Db,
  actor: Actor,
  req: CallbackChange,
  secret: string = newWebhookSecret(),
): Promise<{ status: number; body: Answer }> {
  const auditEntry = (action: string, target: string, metadata: Record<string, unknown>) =>
    auditBy(db, actor, action, target, metadata);
  await tenantOf(db, actor.clientRef); // the seed configures callbacks before the tenants are loaded

  if (req.action === 'create') {
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(callbackConfigs)
      .where(
        and(eq(callbackConfigs.clientRef, actor.clientRef), eq(callbackConfigs.eventType, req.event_type)),
      );
    if (n >= MAX_CALLBACKS_PER_EVENT) throw tooMany();
    const [row] = await db
      .insert(callbackConfigs)
      .values({
        callbackId: newId('CBK'),
        clientRef: actor.clientRef,
        eventType: req.event_type,
        url: req.url,
        httpMethod: req.http_method,
        isActive: req.is_active,
        secret,
      })
      .returning();
    await auditEntry('callback.created', row!.callbackId, { event_type: req.event_type, url: req.url });
    return { status: 201, body: toConfig(row!, true) };
  }

  const changes: Partial<typeof callbackConfigs.$inferInsert> = {};
  if (req.url !== undefined) changes.url = req.url;
  if (req.http_method !== undefined) changes.httpMethod = req.http_method;
  if (req.is_active !== undefined) changes.isActive = req.is_active;
  if (req.rotate_secret) changes.secret = secret;
  if (!Object.keys(changes).length) throw nothingToUpdate();
  const thisConfig = and(
    eq(callbackConfigs.clientRef, actor.clientRef),
    eq(callbackConfigs.callbackId, req.callback_id),
  );
  const [before] = await db.select().from(callbackConfigs).where(thisConfig).for('update');
  if (!before) throw notFound('No callback configuration with this callback_id');
  const [row] = await db
    .update(callbackConfigs)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(thisConfig)
    .returning();
  // What changed, before and after; never the secret (only that it was rotated).
  const delivery = (r: Row) => ({ url: r.url, http_method: r.httpMethod, is_active: r.isActive });
  await auditEntry('callback.updated', row!.callbackId, {
    fields: Object.keys(changes).filter((k) => k !== 'secret'),
    rotated_secret: !!req.rotate_secret,
    before: delivery(before),
    after: delivery(row!),
  });
  return { status: 200, body: toConfig(row!, !!req.rotate_secret) };
}
