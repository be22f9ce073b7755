import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { TEAM_MESSAGES, type TeamMember } from '@meridian/contract/team';
import { auditBy, type Actor } from '../audit/actor.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { inTransaction, type Db } from '../db/database.ts';
import { mfaAttempts, users } from '../db/schema.ts';
import type { AppDeps } from '../http/context.ts';
import { AppError, notFound } from '../http/errors.ts';
import { assertGrantable, assertOwnerFor, lockClient } from './guards.ts';
import { listTeam } from './queries.ts';

/* The members: a role changed, deactivated, reactivated. Invitations are invitations.ts, custom roles roles.ts. */

type UserRow = typeof users.$inferSelect;

/** The company keeps at least one active owner: `target` may not stop being one when it is the last. */
async function assertNotLastOwner(tx: Db, target: UserRow): Promise<void> {
  if (target.role !== 'owner' || target.status !== 'active') return;
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.clientRef, target.clientRef),
        eq(users.role, 'owner'),
        eq(users.status, 'active'),
        ne(users.id, target.id),
      ),
    );
  if ((row?.n ?? 0) === 0) throw new AppError(422, 'last_owner', TEAM_MESSAGES.lastOwner);
}

async function memberOf(tx: Db, clientRef: number, userId: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.clientRef, clientRef), eq(users.publicId, userId)));
  if (!row) throw notFound('No member of your company has this user_id');
  return row;
}

async function memberView(tx: Db, clientRef: number, userRef: number): Promise<TeamMember> {
  const [row] = await tx.select({ publicId: users.publicId }).from(users).where(eq(users.id, userRef));
  const member = (await listTeam(tx, clientRef)).members.find((m) => m.user_id === row?.publicId);
  if (!member) throw notFound('No member of your company has this user_id');
  return member;
}

/**
 * Gives a member another role. Rules: the role is a client role (built-in or the client's custom one); only an
 * owner grants or removes `owner` (403); the last active owner keeps the role (422); nobody changes their own
 * role (422). Audited with the role before and after. Runs in the caller's transaction; once it commits, the
 * caller waits for every process's session cache (the users trigger notifies them) before answering.
 * Exported for approvals: a role grant that waited for a checker is made with it once approved.
 */
export async function changeMemberRole(
  tx: Db,
  actor: Actor,
  userId: string,
  role: string,
): Promise<TeamMember> {
  await lockClient(tx, actor.clientRef);
  const target = await memberOf(tx, actor.clientRef, userId);
  await assertGrantable(tx, actor.clientRef, role);
  if (target.role === role) return memberView(tx, actor.clientRef, target.id);
  await assertOwnerFor(tx, actor, role, target.role);
  await assertNotLastOwner(tx, target);
  if (actor.userRef === target.id) throw new AppError(422, 'own_role', TEAM_MESSAGES.ownRole);
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, target.id));
  await auditBy(tx, actor, 'team.member_role_changed', target.publicId, {
    email: target.email,
    before: target.role,
    after: role,
  });
  return memberView(tx, actor.clientRef, target.id);
}

/**
 * Deactivates a member: sign-in is refused and every session of theirs ends at once, in every process (answered
 * only once all have dropped them). The last active owner stays (422), only an owner deactivates an owner (403),
 * nobody deactivates themselves (422). Audited.
 */
export async function deactivateMember(
  deps: Pick<AppDeps, 'db' | 'sessions'>,
  actor: Actor,
  userId: string,
): Promise<TeamMember> {
  const target = await inTransaction(deps.db, async (tx) => {
    await lockClient(tx, actor.clientRef);
    const row = await memberOf(tx, actor.clientRef, userId);
    if (row.status === 'deactivated') return row;
    await assertOwnerFor(tx, actor, row.role);
    await assertNotLastOwner(tx, row);
    if (actor.userRef === row.id) throw new AppError(422, 'own_status', TEAM_MESSAGES.ownStatus);
    const now = new Date();
    await tx.update(users).set({ status: 'deactivated', updatedAt: now }).where(eq(users.id, row.id));
    // A sign-in waiting for its second factor ends too.
    await tx
      .update(mfaAttempts)
      .set({ closedAt: now, closedReason: 'deactivated' })
      .where(and(eq(mfaAttempts.userRef, row.id), isNull(mfaAttempts.closedAt)));
    await auditBy(tx, actor, 'team.member_deactivated', row.publicId, { email: row.email, role: row.role });
    return row;
  });
  // Committed: every session ends, and every process's cache has dropped them before we answer.
  await revokeAllSessions(deps, target.id, 'deactivated');
  await deps.sessions.sync?.();
  return memberView(deps.db, actor.clientRef, target.id);
}

/** Lets a deactivated member sign in again (their old sessions stay ended). Only an owner reactivates an owner. */
export async function reactivateMember(db: Db, actor: Actor, userId: string): Promise<TeamMember> {
  return inTransaction(db, async (tx) => {
    await lockClient(tx, actor.clientRef);
    const row = await memberOf(tx, actor.clientRef, userId);
    if (row.status === 'active') return memberView(tx, actor.clientRef, row.id);
    await assertOwnerFor(tx, actor, row.role);
    await tx.update(users).set({ status: 'active', updatedAt: new Date() }).where(eq(users.id, row.id));
    await auditBy(tx, actor, 'team.member_reactivated', row.publicId, { email: row.email, role: row.role });
    return memberView(tx, actor.clientRef, row.id);
  });
}
