import { and, eq, sql } from 'drizzle-orm';
import { TEAM_MESSAGES } from '@meridian/contract/team';
import type { Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { clients, users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { isGrantableRole } from './queries.ts';

/* The rules every team change checks: one change of a client at a time, who may touch `owner`, a role that exists. */

/** Serialises the client's team changes (its row locked), so two racing changes cannot both pass a rule. */
export const lockClient = (tx: Db, clientRef: number) =>
  tx.execute(sql`SELECT id FROM ${clients} WHERE id = ${clientRef} FOR UPDATE`);

/** The actor's role now (read in the transaction, not from a cached session): null for a caller without one. */
async function currentRole(tx: Db, actor: Actor): Promise<string | null> {
  if (actor.userRef === null) return null;
  const [row] = await tx
    .select({ role: users.role, status: users.status })
    .from(users)
    .where(and(eq(users.id, actor.userRef), eq(users.clientRef, actor.clientRef)));
  return row?.status === 'active' ? row.role : null;
}

/** Only an owner grants or removes the owner role (an admin gets a 403). */
export async function assertOwnerFor(tx: Db, actor: Actor, ...rolesTouched: string[]): Promise<void> {
  if (!rolesTouched.includes('owner')) return;
  if ((await currentRole(tx, actor)) !== 'owner')
    throw new AppError(403, 'owner_only', TEAM_MESSAGES.ownerOnly);
}

export async function assertGrantable(tx: Db, clientRef: number, role: string): Promise<void> {
  if (!(await isGrantableRole(tx, clientRef, role)))
    throw new AppError(422, 'unknown_role', `${role} is not a role of your company`, {
      fields: { role: 'is not a role of your company' },
    });
}
