import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../audit/actor.ts';
import type { HoldInput } from '../approvals/engine.ts';
import { dryRun, settingsExecutor } from '../approvals/settings.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { changeMemberRole } from './service.ts';

/*
 * Four eyes on role grants (action `role_grant`): a change of a member's role covered by an active rule is checked
 * as making it would (the maker may grant it), then waits with the role before and after. Once approved it is
 * made by the approver, who must be allowed to make it too (only an owner grants or removes `owner`; nobody
 * approves a grant of their own role, refused as changing one's own role), and every process's session cache
 * drops the member as the approval commits. Giving a member the role they have already changes nothing and never
 * waits.
 */

const Payload = z.object({ user_id: z.string(), role: z.string() });

export type RoleGrantPlan = { userId: string; email: string; before: string; after: string };

/** Checks a role change as the maker would make it (rolled back), and answers the role before and after. */
export async function planRoleGrant(
  tx: Db,
  actor: Actor,
  userId: string,
  role: string,
): Promise<RoleGrantPlan> {
  const [current] = await tx
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.clientRef, actor.clientRef), eq(users.publicId, userId)));
  await dryRun(tx, (sp) => changeMemberRole(sp, actor, userId, role));
  // The dry run answered 404 for another client's member: `current` is this client's.
  return { userId, email: current!.email, before: current!.role, after: role };
}

/** What a role grant's approval request holds. */
export const holdRoleGrant = (plan: RoleGrantPlan): Omit<HoldInput, 'action' | 'source'> => ({
  summary: `Give ${plan.email} the ${plan.after} role (now ${plan.before})`,
  resourceUrn: plan.userId,
  payload: { user_id: plan.userId, role: plan.after },
  diff: { before: { email: plan.email, role: plan.before }, after: { email: plan.email, role: plan.after } },
});

/** Makes an approved role grant. */
export const roleGrantExecutor = settingsExecutor(async (tx, payload, actor) => {
  const held = Payload.parse(payload);
  const member = await changeMemberRole(tx, actor, held.user_id, held.role);
  return { outcome: `${member.email} now has the ${member.role} role` };
});
