import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { PASSWORD_POLICY } from '@meridian/contract';
import {
  BUILT_IN_ROLES,
  CLIENT_PERMISSIONS,
  CLIENT_ROLE_KEYS,
  isBuiltInRole,
  type Permission,
} from '@meridian/contract/permissions';
import {
  INVITATION_TTL_HOURS,
  MAX_CUSTOM_ROLES,
  TEAM_MESSAGES,
  type CustomRoleRequest,
  type InvitationLookup,
  type InviteMemberRequest,
  type TeamInvitation,
  type TeamMember,
  type TeamRole,
} from '@meridian/contract/team';
import { auditBy, type Actor } from '../audit/actor.ts';
import { checkPasswordPolicy, hashPassword } from '../auth/passwords.ts';
import * as limits from '../auth/rate-limit.ts';
import { decryptOrThrow } from '../auth/service.ts';
import { findUserByEmail, revokeAllSessions } from '../auth/sessions.ts';
import { inTransaction, type Db } from '../db/database.ts';
import { clients, invitations, mfaAttempts, roles, users } from '../db/schema.ts';
import type { AppDeps, RequestMeta } from '../http/context.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import { newId, newSecret, sha256 } from '../lib/ids.ts';
import { deliver } from '../notify/senders.ts';
import {
  customPermissions,
  findCustomRole,
  isGrantableRole,
  listTeam,
  roleHolders,
  roleNames,
  toTeamRole,
} from './queries.ts';

type UserRow = typeof users.$inferSelect;
type InvitationRow = typeof invitations.$inferSelect;

const INVITATION_TTL_MS = INVITATION_TTL_HOURS * 3600 * 1000;

/** Serialises the client's team changes (its row locked), so two racing changes cannot both pass a rule. */
const lockClient = (tx: Db, clientRef: number) =>
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
async function assertOwnerFor(tx: Db, actor: Actor, ...rolesTouched: string[]): Promise<void> {
  if (!rolesTouched.includes('owner')) return;
  if ((await currentRole(tx, actor)) !== 'owner')
    throw new AppError(403, 'owner_only', TEAM_MESSAGES.ownerOnly);
}

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

async function assertGrantable(tx: Db, clientRef: number, role: string): Promise<void> {
  if (!(await isGrantableRole(tx, clientRef, role)))
    throw new AppError(422, 'unknown_role', `${role} is not a role of your company`, {
      fields: { role: 'is not a role of your company' },
    });
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

// ---------------------------------------------------------------------------------------------------------
// Invitations

const invitationMail = (v: { inviter: string; company: string; role: string; link: string }) =>
  `${v.inviter} invited you to join ${v.company} on Meridian Dashboard as ${v.role}.\n` +
  `Open this link within ${INVITATION_TTL_HOURS} hours to choose your password: ${v.link}\n` +
  `The link works once. If you did not expect this invitation, ignore this e-mail.`;

const inviteLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/accept-invite?token=${token}`;

async function sendInvitation(
  deps: Pick<AppDeps, 'db' | 'email'>,
  invitation: InvitationRow,
  token: string,
  publicUrl: string,
): Promise<void> {
  const [client] = await deps.db.select().from(clients).where(eq(clients.id, invitation.clientRef));
  const roleName = (await roleNames(deps.db, invitation.clientRef)).get(invitation.role) ?? invitation.role;
  const mail = (link: string) =>
    invitationMail({
      inviter: invitation.invitedBy,
      company: client!.companyCommonName,
      role: roleName,
      link,
    });
  await deliver(deps.db, deps.email, 'email', {
    to: invitation.email,
    subject: `Join ${client!.companyCommonName} on Meridian Dashboard`,
    text: mail(inviteLink(publicUrl, token)),
    redacted: mail(inviteLink(publicUrl, '[redacted]')),
  });
}

async function toInvitation(tx: Db, row: InvitationRow): Promise<TeamInvitation> {
  const names = await roleNames(tx, row.clientRef);
  return {
    urn: row.urn,
    email: row.email,
    name: row.name,
    role: row.role,
    role_name: names.get(row.role) ?? row.role,
    invited_by: row.invitedBy,
    sent_at: row.sentAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt <= new Date(),
  };
}

/** 409 when the address already has an account (here or at another company). */
async function assertNoAccount(tx: Db, clientRef: number, email: string): Promise<void> {
  const existing = await findUserByEmail(tx, email);
  if (!existing) return;
  throw new AppError(
    409,
    'already_member',
    existing.client.id === clientRef
      ? `${email} is already a member of your team`
      : `${email} already has a Meridian Dashboard account: invite another address`,
    { fields: { email: 'already has an account' } },
  );
}

/**
 * Invites someone by e-mail: a single-use link valid 72 hours (only its token's SHA-256 is kept) to choose a
 * password and join with `role`. 409 when the address already has an account or a pending invitation here;
 * only an owner invites an owner. Audited; the e-mail leaves once the invitation is committed.
 */
export async function inviteMember(
  deps: Pick<AppDeps, 'db' | 'email'>,
  actor: Actor,
  input: InviteMemberRequest,
  publicUrl: string,
): Promise<TeamInvitation> {
  const email = input.email.toLowerCase();
  const token = newSecret(32);
  const row = await inTransaction(deps.db, async (tx) => {
    await lockClient(tx, actor.clientRef);
    await assertGrantable(tx, actor.clientRef, input.role);
    await assertOwnerFor(tx, actor, input.role);
    await assertNoAccount(tx, actor.clientRef, email);
    const now = new Date();
    const open = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.clientRef, actor.clientRef),
          eq(sql`lower(${invitations.email})`, email),
          eq(invitations.status, 'PENDING'),
        ),
      );
    if (open.some((i) => i.expiresAt > now))
      throw new AppError(
        409,
        'already_invited',
        `${email} has a pending invitation already: resend it instead`,
        { fields: { email: 'has a pending invitation' } },
      );
    // An expired invitation to the same address is replaced by this one.
    for (const old of open)
      await tx
        .update(invitations)
        .set({ status: 'REVOKED', revokedAt: now })
        .where(and(eq(invitations.clientRef, actor.clientRef), eq(invitations.id, old.id)));
    const [inserted] = await tx
      .insert(invitations)
      .values({
        clientRef: actor.clientRef,
        urn: newId('INV'),
        email,
        name: input.name ?? null,
        role: input.role,
        tokenHash: sha256(token),
        invitedByRef: actor.userRef,
        invitedBy: actor.email,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        sentAt: now,
      })
      .returning();
    await auditBy(tx, actor, 'team.member_invited', inserted!.urn, { email, role: input.role });
    return inserted!;
  });
  await sendInvitation(deps, row, token, publicUrl);
  return toInvitation(deps.db, row);
}

async function pendingInvitation(tx: Db, clientRef: number, urn: string): Promise<InvitationRow> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.clientRef, clientRef), eq(invitations.urn, urn)));
  if (!row) throw notFound('No invitation of your company has this urn');
  if (row.status !== 'PENDING')
    throw new AppError(
      409,
      'invitation_closed',
      row.status === 'ACCEPTED' ? 'This invitation has been accepted already' : 'This invitation was revoked',
    );
  return row;
}

/** Sends a pending (or expired) invitation again: a new link valid 72 hours; the old link stops working. */
export async function resendInvitation(
  deps: Pick<AppDeps, 'db' | 'email'>,
  actor: Actor,
  urn: string,
  publicUrl: string,
): Promise<TeamInvitation> {
  const token = newSecret(32);
  const row = await inTransaction(deps.db, async (tx) => {
    await lockClient(tx, actor.clientRef);
    const invitation = await pendingInvitation(tx, actor.clientRef, urn);
    await assertOwnerFor(tx, actor, invitation.role);
    await assertGrantable(tx, actor.clientRef, invitation.role);
    await assertNoAccount(tx, actor.clientRef, invitation.email);
    const now = new Date();
    const [updated] = await tx
      .update(invitations)
      .set({ tokenHash: sha256(token), sentAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) })
      .where(and(eq(invitations.clientRef, actor.clientRef), eq(invitations.id, invitation.id)))
      .returning();
    await auditBy(tx, actor, 'team.invitation_resent', urn, {
      email: invitation.email,
      role: invitation.role,
    });
    return updated!;
  });
  await sendInvitation(deps, row, token, publicUrl);
  return toInvitation(deps.db, row);
}

/** Revokes a pending invitation: its link stops working. */
export async function revokeInvitation(db: Db, actor: Actor, urn: string): Promise<TeamInvitation> {
  return inTransaction(db, async (tx) => {
    const invitation = await pendingInvitation(tx, actor.clientRef, urn);
    const [updated] = await tx
      .update(invitations)
      .set({ status: 'REVOKED', revokedAt: new Date() })
      .where(
        and(
          eq(invitations.clientRef, actor.clientRef),
          eq(invitations.id, invitation.id),
          eq(invitations.status, 'PENDING'),
        ),
      )
      .returning();
    if (!updated) throw new AppError(409, 'invitation_closed', 'This invitation is no longer pending');
    await auditBy(tx, actor, 'team.invitation_revoked', urn, {
      email: invitation.email,
      role: invitation.role,
    });
    return toInvitation(tx, updated);
  });
}

/** The invitation behind a link's token, with its company: 404 for an unknown token, 410 for a used one. */
async function invitationByToken(db: Db, token: string) {
  const [row] = await db
    .select({ invitation: invitations, client: clients })
    .from(invitations)
    .innerJoin(clients, eq(invitations.clientRef, clients.id))
    .where(eq(invitations.tokenHash, sha256(token)));
  if (!row) throw new AppError(404, 'invitation_not_found', TEAM_MESSAGES.invitationNotFound);
  if (row.invitation.status !== 'PENDING' || row.invitation.expiresAt <= new Date())
    throw new AppError(410, 'invitation_expired', TEAM_MESSAGES.invitationGone);
  return row;
}

/** What the invitation page shows before the password is chosen. */
export async function lookupInvitation(db: Db, token: string): Promise<InvitationLookup> {
  const { invitation, client } = await invitationByToken(db, token);
  return {
    email: invitation.email,
    name: invitation.name,
    company: client.companyCommonName,
    role: invitation.role,
    role_name: (await roleNames(db, client.id)).get(invitation.role) ?? invitation.role,
    mfa_required_by_company: client.mfaRequired,
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation: creates the member with the invitation's role and the chosen password (the password
 * policy of a reset applies), and marks the invitation accepted, once (the link is single-use). The new member
 * then signs in; when the company requires two-factor, they set it up at that first sign-in. Rate limited per IP.
 */
export async function acceptInvitation(
  deps: AppDeps,
  input: { token: string; name: string; encrypted_password: string },
  meta: RequestMeta,
): Promise<string> {
  const { db, config } = deps;
  await limits.enforce(db, `invite:ip:${meta.ip}`, config.RATE_LIMIT_RESET_PER_IP, 3600);
  const password = decryptOrThrow(deps, input.encrypted_password);
  if (!checkPasswordPolicy(password))
    throw badRequest(PASSWORD_POLICY.message, { encrypted_password: PASSWORD_POLICY.message });
  await invitationByToken(db, input.token);
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (tx) => {
    const now = new Date();
    const [invitation] = await tx
      .update(invitations)
      .set({ status: 'ACCEPTED', acceptedAt: now })
      .where(
        and(
          eq(invitations.tokenHash, sha256(input.token)),
          eq(invitations.status, 'PENDING'),
          gt(invitations.expiresAt, now),
        ),
      )
      .returning();
    if (!invitation) throw new AppError(410, 'invitation_expired', TEAM_MESSAGES.invitationGone);
    await assertGrantable(tx, invitation.clientRef, invitation.role);
    await assertNoAccount(tx, invitation.clientRef, invitation.email);
    const [user] = await tx
      .insert(users)
      .values({
        publicId: newId('USR'),
        clientRef: invitation.clientRef,
        email: invitation.email,
        name: input.name,
        passwordHash,
        role: invitation.role,
        status: 'active',
      })
      .returning();
    await auditBy(
      tx,
      { clientRef: invitation.clientRef, userRef: user!.id, email: user!.email, meta },
      'team.invitation_accepted',
      invitation.urn,
      { user_id: user!.publicId, role: invitation.role, invited_by: invitation.invitedBy },
    );
  });
  return TEAM_MESSAGES.accepted;
}

// ---------------------------------------------------------------------------------------------------------
// Custom roles

const BUILT_IN_NAMES = new Set(Object.values(BUILT_IN_ROLES).map((r) => r.name.toLowerCase()));

/** `custom_` + the name in lowercase letters, digits and underscores. */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 32) || 'role';

function checkedPermissions(input: CustomRoleRequest): Permission[] {
  const refused = input.permissions.filter((p) => !(CLIENT_PERMISSIONS as readonly string[]).includes(p));
  if (refused.length)
    throw badRequest(`A custom role cannot hold Meridian staff permissions: ${refused.join(', ')}`, {
      permissions: `cannot include ${refused.join(', ')}`,
    });
  if (
    input.based_on !== undefined &&
    !(isBuiltInRole(input.based_on) && CLIENT_ROLE_KEYS.includes(input.based_on))
  )
    throw badRequest(`${input.based_on} is not a built-in role`, { based_on: 'is not a built-in role' });
  return [...new Set(input.permissions)].sort();
}

async function assertNameFree(tx: Db, clientRef: number, name: string, except: string | null) {
  const lower = name.toLowerCase();
  const taken =
    BUILT_IN_NAMES.has(lower) ||
    (
      await tx
        .select({ key: roles.key })
        .from(roles)
        .where(and(eq(roles.clientRef, clientRef), eq(sql`lower(${roles.name})`, lower)))
    ).some((r) => r.key !== except);
  if (taken)
    throw new AppError(409, 'duplicate_role', `A role named “${name}” exists already`, {
      fields: { name: 'is taken' },
    });
}

function customRoleOf(key: string) {
  if (isBuiltInRole(key))
    throw new AppError(
      422,
      'built_in_role',
      'Built-in roles cannot change: create a custom role starting from it instead',
    );
}

/** Creates a custom role from the client permissions (key `custom_<slug of the name>`). Audited. */
export async function createRole(db: Db, actor: Actor, input: CustomRoleRequest): Promise<TeamRole> {
  const permissions = checkedPermissions(input);
  return inTransaction(db, async (tx) => {
    await lockClient(tx, actor.clientRef);
    await assertNameFree(tx, actor.clientRef, input.name, null);
    const existing = await tx
      .select({ key: roles.key })
      .from(roles)
      .where(eq(roles.clientRef, actor.clientRef));
    if (existing.length >= MAX_CUSTOM_ROLES)
      throw new AppError(
        422,
        'too_many_roles',
        `Your company has ${MAX_CUSTOM_ROLES} custom roles, the most allowed: delete one first`,
      );
    const keys = new Set(existing.map((r) => r.key));
    const base = `custom_${slugOf(input.name)}`;
    let key = base;
    for (let n = 2; keys.has(key); n++) key = `${base}_${n}`;
    const [row] = await tx
      .insert(roles)
      .values({
        clientRef: actor.clientRef,
        key,
        name: input.name,
        description: input.description ?? '',
        permissions,
        basedOn: input.based_on ?? null,
        createdBy: actor.email,
      })
      .returning();
    await auditBy(tx, actor, 'team.role_created', key, {
      name: input.name,
      based_on: input.based_on ?? null,
      permissions,
    });
    return toTeamRole(row!);
  });
}

/**
 * Changes a custom role's name, description and permissions. Every member and API key holding it gets the new
 * permissions: the roles trigger tells every process's session cache, and the caller waits for them.
 */
export async function updateRole(
  db: Db,
  actor: Actor,
  key: string,
  input: CustomRoleRequest,
): Promise<TeamRole> {
  customRoleOf(key);
  const permissions = checkedPermissions(input);
  return inTransaction(db, async (tx) => {
    await lockClient(tx, actor.clientRef);
    const before = await findCustomRole(tx, actor.clientRef, key);
    if (!before) throw notFound('Your company has no role with this key');
    await assertNameFree(tx, actor.clientRef, input.name, key);
    const [row] = await tx
      .update(roles)
      .set({
        name: input.name,
        description: input.description ?? before.description,
        permissions,
        basedOn: input.based_on ?? before.basedOn,
        updatedAt: new Date(),
      })
      .where(and(eq(roles.clientRef, actor.clientRef), eq(roles.id, before.id)))
      .returning();
    await auditBy(tx, actor, 'team.role_updated', key, {
      before: { name: before.name, permissions: customPermissions(before) },
      after: { name: input.name, permissions },
    });
    const holders = (await roleHolders(tx, actor.clientRef, [key])).get(key);
    return toTeamRole(row!, holders);
  });
}

/** Deletes a custom role: 409 while a member, a live API key or a pending invitation holds it. Audited. */
export async function deleteRole(db: Db, actor: Actor, key: string): Promise<void> {
  customRoleOf(key);
  await inTransaction(db, async (tx) => {
    await lockClient(tx, actor.clientRef);
    const row = await findCustomRole(tx, actor.clientRef, key);
    if (!row) throw notFound('Your company has no role with this key');
    const held = (await roleHolders(tx, actor.clientRef, [key])).get(key)!;
    if (held.members || held.apiKeys || held.invitations) {
      const parts = [
        held.members ? `${held.members} member${held.members > 1 ? 's' : ''}` : null,
        held.apiKeys ? `${held.apiKeys} API key${held.apiKeys > 1 ? 's' : ''}` : null,
        held.invitations ? `${held.invitations} pending invitation${held.invitations > 1 ? 's' : ''}` : null,
      ].filter(Boolean);
      throw new AppError(
        409,
        'role_in_use',
        `${row.name} is held by ${parts.join(', ')}: give them another role first`,
      );
    }
    await tx.delete(roles).where(and(eq(roles.clientRef, actor.clientRef), eq(roles.id, row.id)));
    await auditBy(tx, actor, 'team.role_deleted', key, {
      name: row.name,
      permissions: customPermissions(row),
    });
  });
}
