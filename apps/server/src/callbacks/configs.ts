import { and, asc, eq, sql } from 'drizzle-orm';
import type { CallbackConfig, CallbackRequest } from '@meridian/contract';
import type { z } from 'zod';
import { auditBy, type Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { callbackConfigs } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
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
});

export async function listCallbacks(db: Db, clientRef: number): Promise<Answer[]> {
  const rows = await db
    .select()
    .from(callbackConfigs)
    .where(eq(callbackConfigs.clientRef, clientRef))
    .orderBy(asc(callbackConfigs.id));
  return rows.map((r) => toConfig(r, false));
}

/** `POST /v2/company/callback`: create, update or list, per `action`; a change and its audit record commit together. */
export async function handleCallbackRequest(
  db: Db,
  actor: Actor,
  req: CallbackRequest,
): Promise<{ status: number; body: Answer | { data: Answer[] } }> {
  if (req.action === 'list') return { status: 200, body: { data: await listCallbacks(db, actor.clientRef) } };
  return db.transaction((tx) => changeCallback(tx, actor, req));
}

async function changeCallback(
  db: Db,
  actor: Actor,
  req: Exclude<CallbackRequest, { action: 'list' }>,
): Promise<{ status: number; body: Answer }> {
  const auditEntry = (action: string, target: string, metadata: Record<string, unknown>) =>
    auditBy(db, actor, action, target, metadata);

  if (req.action === 'create') {
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(callbackConfigs)
      .where(
        and(eq(callbackConfigs.clientRef, actor.clientRef), eq(callbackConfigs.eventType, req.event_type)),
      );
    if (n >= MAX_CALLBACKS_PER_EVENT)
      throw new AppError(
        422,
        'too_many_callbacks',
        `At most ${MAX_CALLBACKS_PER_EVENT} callback URLs per event type`,
      );
    const [row] = await db
      .insert(callbackConfigs)
      .values({
        callbackId: newId('CBK'),
        clientRef: actor.clientRef,
        eventType: req.event_type,
        url: req.url,
        httpMethod: req.http_method,
        isActive: req.is_active,
        secret: newWebhookSecret(),
      })
      .returning();
    await auditEntry('callback.created', row!.callbackId, { event_type: req.event_type, url: req.url });
    return { status: 201, body: toConfig(row!, true) };
  }

  const changes: Partial<typeof callbackConfigs.$inferInsert> = {};
  if (req.url !== undefined) changes.url = req.url;
  if (req.http_method !== undefined) changes.httpMethod = req.http_method;
  if (req.is_active !== undefined) changes.isActive = req.is_active;
  if (req.rotate_secret) changes.secret = newWebhookSecret();
  if (!Object.keys(changes).length)
    throw new AppError(400, 'validation_failed', 'Nothing to update', {
      fields: { body: 'Nothing to update' },
    });
  const [row] = await db
    .update(callbackConfigs)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(
      and(eq(callbackConfigs.clientRef, actor.clientRef), eq(callbackConfigs.callbackId, req.callback_id)),
    )
    .returning();
  if (!row) throw notFound('No callback configuration with this callback_id');
  await auditEntry('callback.updated', row.callbackId, {
    fields: Object.keys(changes).filter((k) => k !== 'secret'),
    rotated_secret: !!req.rotate_secret,
  });
  return { status: 200, body: toConfig(row, !!req.rotate_secret) };
}
