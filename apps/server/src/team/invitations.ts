import { and, eq, gt, sql } from 'drizzle-orm';
import { PASSWORD_POLICY } from '@meridian/contract';
import {
  INVITATION_TTL_HOURS,
  TEAM_MESSAGES,
  type InvitationLookup,
  type InviteMemberRequest,
  type TeamInvitation,
} from '@meridian/contract/team';
import { auditBy, type Actor } from '../audit/actor.ts';
import { checkPasswordPolicy, hashPassword } from '../auth/passwords.ts';
import * as limits from '../auth/rate-limit.ts';
import { decryptOrThrow } from '../auth/service.ts';
import { findUserByEmail } from '../auth/sessions.ts';
import { inTransaction, type Db } from '../db/database.ts';
import { clients, invitations, users } from '../db/schema.ts';
import type { AppDeps, RequestMeta } from '../http/context.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import { newId, newSecret, sha256 } from '../lib/ids.ts';
import { deliver } from '../notify/senders.ts';
import { assertGrantable, assertOwnerFor, lockClient } from './guards.ts';
import { roleNames } from './queries.ts';

/* Invitations: a single-use e-mailed link to join the company with a role, resent, revoked, looked up, accepted. */

type InvitationRow = typeof invitations.$inferSelect;

const INVITATION_TTL_MS = INVITATION_TTL_HOURS * 3600 * 1000;

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
