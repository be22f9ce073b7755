import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { sha256 } from '../lib/ids.ts';

export type Answer = { status: number; body: unknown };

/** JSON with sorted keys, so that the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export function checkIdempotencyKey(header: unknown, required: boolean): string | null {
  if (header === undefined || header === '') {
    if (required)
      throw badRequest('The Idempotency-Key header is required', { 'idempotency-key': 'is required' });
    return null;
  }
  if (typeof header !== 'string' || header.length > 255 || !/^[\x21-\x7e]+$/.test(header))
    throw badRequest('The Idempotency-Key header must be 1 to 255 visible ASCII characters', {
      'idempotency-key': 'is invalid',
    });
  return header;
}

/**
 * Runs `work` at most once per (client, scope, key):
 * - a replay with the same body answers the first answer (success or 4xx);
 * - the same key with another body is 422;
 * - while the first request is still in flight, 409.
 * `work` gets the transaction it must do its writes in; the answer is stored in that same transaction, so a
 * payout and its idempotency record commit together. An unexpected error frees the key for a retry; an in-flight
 * claim left by a crashed process expires after the lease.
 */
export async function withIdempotency(
  db: Db,
  input: { clientRef: number; scope: string; key: string | null; body: unknown; leaseSeconds: number },
  work: (tx: Db) => Promise<Answer>,
): Promise<Answer> {
  if (!input.key) return db.transaction((tx) => work(tx));
  const id = { clientRef: input.clientRef, scope: input.scope, key: input.key };
  const where = and(
    eq(idempotencyKeys.clientRef, id.clientRef),
    eq(idempotencyKeys.scope, id.scope),
    eq(idempotencyKeys.key, id.key),
  );
  const requestHash = sha256(canonical(input.body));
  const lease = sql`now() + make_interval(secs => ${input.leaseSeconds})`;

  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ ...id, requestHash, state: 'in_flight', lockedUntil: lease })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [existing] = await db.select().from(idempotencyKeys).where(where);
    if (!existing)
      throw new AppError(409, 'idempotency_conflict', 'A request with this Idempotency-Key is in progress');
    if (existing.requestHash !== requestHash)
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request body',
      );
    if (existing.state === 'done') return { status: existing.responseStatus!, body: existing.responseBody };
    const [takenOver] = await db
      .update(idempotencyKeys)
      .set({ lockedUntil: lease })
      .where(and(where, eq(idempotencyKeys.state, 'in_flight'), sql`${idempotencyKeys.lockedUntil} < now()`))
      .returning({ key: idempotencyKeys.key });
    if (!takenOver)
      throw new AppError(
        409,
        'idempotency_conflict',
        'A request with this Idempotency-Key is still in progress',
      );
  }

  const finish = (tx: Db, answer: Answer) =>
    tx
      .update(idempotencyKeys)
      .set({ state: 'done', responseStatus: answer.status, responseBody: answer.body })
      .where(where);
  try {
    return await db.transaction(async (tx) => {
      const answer = await work(tx);
      await finish(tx, answer);
      return answer;
    });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      const body = {
        status: err.status,
        message: err.message,
        error: err.key,
        ...(err.fields ? { fields: err.fields } : {}),
      };
      await finish(db, { status: err.status, body });
      throw err;
    }
    await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.state, 'in_flight')));
    throw err;
  }
}
