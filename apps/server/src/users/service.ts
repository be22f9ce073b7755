import { eq } from 'drizzle-orm';
import { MfaPreference, type UserDetails } from '@meridian/contract';
import { audit } from '../audit/audit.ts';
import { findUserById } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { SessionAuth } from '../auth/guard-types.ts';
import { permissionsOf, roleName } from '../auth/permissions.ts';
import type { RequestMeta } from '../http/context.ts';

/** `+919800000001` → `+91******0001` */
export const maskPhone = (phone: string | null): string | null =>
  phone ? `${phone.slice(0, 3)}${'*'.repeat(Math.max(0, phone.length - 7))}${phone.slice(-4)}` : null;

export async function getUserDetails(db: Db, auth: SessionAuth): Promise<UserDetails> {
  const who = await findUserById(db, auth.userRef);
  if (!who || who.client.id !== auth.clientRef) throw notFound('User not found');
  return {
    name: who.user.name,
    email: who.user.email,
    client_id: who.client.clientId,
    company_common_name: who.client.companyCommonName,
    phone: maskPhone(who.user.phone),
    mfa_preference: MfaPreference.catch('none').parse(who.user.mfaPreference),
    mfa_required_by_company: who.client.mfaRequired,
    roles: [who.user.role],
    role: who.user.role,
    role_name: await roleName(db, who.client.id, who.user.role),
    permissions: [...(await permissionsOf(db, who.client.id, who.user.role))].sort(),
  };
}

export async function updateUserDetails(
  db: Db,
  auth: SessionAuth,
  input: { name?: string | undefined; phone?: string | undefined },
  meta: RequestMeta,
): Promise<UserDetails> {
  const who = await findUserById(db, auth.userRef);
  if (!who || who.client.id !== auth.clientRef) throw notFound('User not found');
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  // The audit record shows what changed, the phone masked as the profile shows it.
  const before: Record<string, string | null> = {};
  const after: Record<string, string | null> = {};
  if (input.name !== undefined) {
    changes.name = input.name;
    before['name'] = who.user.name;
    after['name'] = input.name;
  }
  if (input.phone !== undefined) {
    changes.phone = input.phone;
    before['phone'] = maskPhone(who.user.phone);
    after['phone'] = maskPhone(input.phone);
  }
  await db.update(users).set(changes).where(eq(users.id, auth.userRef));
  await audit(db, {
    action: 'user.details_updated',
    clientRef: auth.clientRef,
    userRef: auth.userRef,
    actor: auth.email,
    target: who.user.publicId,
    ip: meta.ip,
    requestId: meta.requestId,
    metadata: { fields: Object.keys(after), before, after },
  });
  return getUserDetails(db, auth);
}
