import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  BUILT_IN_ROLES,
  builtInRoles,
  CLIENT_PERMISSIONS,
  CLIENT_ROLE_KEYS,
  isBuiltInRole,
  type Permission,
} from '@meridian/contract/permissions';
import type { TeamInvitation, TeamMember, TeamMembers, TeamRole } from '@meridian/contract/team';
import type { Db } from '../db/database.ts';
import { apiKeys, invitations, roles, users } from '../db/schema.ts';

type RoleRow = typeof roles.$inferSelect;

/** A custom role's permissions as stored, kept to the client permissions of the catalogue. */
export const customPermissions = (row: Pick<RoleRow, 'permissions'>): Permission[] =>
  row.permissions.filter((p): p is Permission => (CLIENT_PERMISSIONS as readonly string[]).includes(p));

/** The names of the client's roles by key: the built-in ones and its custom ones. */
export async function roleNames(db: Db, clientRef: number): Promise<Map<string, string>> {
  const names = new Map<string, string>(Object.entries(BUILT_IN_ROLES).map(([k, r]) => [k, r.name]));
  const rows = await db
    .select({ key: roles.key, name: roles.name })
    .from(roles)
    .where(eq(roles.clientRef, clientRef));
  for (const r of rows) names.set(r.key, r.name);
  return names;
}

/** The client's custom role by key, or null. */
export async function findCustomRole(db: Db, clientRef: number, key: string): Promise<RoleRow | null> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.clientRef, clientRef), eq(roles.key, key)));
  return row ?? null;
}

/** A role a member, invitation or API key of this client may be given: a built-in client role or its own custom one. */
export async function isGrantableRole(db: Db, clientRef: number, role: string): Promise<boolean> {
  if (isBuiltInRole(role)) return CLIENT_ROLE_KEYS.includes(role);
  return (await findCustomRole(db, clientRef, role)) !== null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The client's members (oldest first) and its invitations still pending (newest first; expired ones flagged). */
export async function listTeam(db: Db, clientRef: number, now = new Date()): Promise<TeamMembers> {
  const names = await roleNames(db, clientRef);
  const nameOf = (role: string) => names.get(role) ?? role;
  const members = await db
    .select()
    .from(users)
    .where(eq(users.clientRef, clientRef))
    .orderBy(asc(users.createdAt), asc(users.id));
  const pending = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.clientRef, clientRef), eq(invitations.status, 'PENDING')))
    .orderBy(desc(invitations.sentAt), desc(invitations.id));
  return {
    members: members.map((u): TeamMember => ({
      user_id: u.publicId,
      name: u.name,
      email: u.email,
      role: u.role,
      role_name: nameOf(u.role),
      status: u.status === 'deactivated' ? 'deactivated' : 'active',
      two_factor: u.mfaPreference === 'sms' || u.mfaPreference === 'totp' ? u.mfaPreference : 'none',
      last_sign_in_at: iso(u.lastSignInAt),
      created_at: u.createdAt.toISOString(),
    })),
    invitations: pending.map((i): TeamInvitation => ({
      urn: i.urn,
      email: i.email,
      name: i.name,
      role: i.role,
      role_name: nameOf(i.role),
      invited_by: i.invitedBy,
      sent_at: i.sentAt.toISOString(),
      expires_at: i.expiresAt.toISOString(),
      expired: i.expiresAt <= now,
    })),
  };
}

/** How many members, live API keys and pending invitations of the client hold each of `keys`. */
export async function roleHolders(
  db: Db,
  clientRef: number,
  keys: string[],
): Promise<Map<string, { members: number; apiKeys: number; invitations: number }>> {
  const out = new Map(keys.map((k) => [k, { members: 0, apiKeys: 0, invitations: 0 }]));
  if (!keys.length) return out;
  const m = await db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(and(eq(users.clientRef, clientRef), inArray(users.role, keys)))
    .groupBy(users.role);
  const k = await db
    .select({ role: apiKeys.role, n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.clientRef, clientRef), inArray(apiKeys.role, keys), isNull(apiKeys.revokedAt)))
    .groupBy(apiKeys.role);
  const i = await db
    .select({ role: invitations.role, n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.clientRef, clientRef),
        inArray(invitations.role, keys),
        eq(invitations.status, 'PENDING'),
      ),
    )
    .groupBy(invitations.role);
  for (const r of m) out.get(r.role)!.members = r.n;
  for (const r of k) out.get(r.role)!.apiKeys = r.n;
  for (const r of i) out.get(r.role)!.invitations = r.n;
  return out;
}

export const toTeamRole = (
  row: RoleRow,
  holders: { members: number; apiKeys: number } = { members: 0, apiKeys: 0 },
): TeamRole => ({
  role: row.key,
  name: row.name,
  description: row.description,
  built_in: false,
  permissions: customPermissions(row),
  based_on: row.basedOn,
  members: holders.members,
  api_keys: holders.apiKeys,
});

/** The built-in client roles, then the client's custom roles (by name), each with how many hold it. */
export async function listRoles(db: Db, clientRef: number): Promise<TeamRole[]> {
  const custom = await db
    .select()
    .from(roles)
    .where(eq(roles.clientRef, clientRef))
    .orderBy(asc(roles.name), asc(roles.id));
  const builtIn = builtInRoles();
  const holders = await roleHolders(db, clientRef, [
    ...builtIn.map((r) => r.role),
    ...custom.map((r) => r.key),
  ]);
  const zero = { members: 0, apiKeys: 0, invitations: 0 };
  return [
    ...builtIn.map((r): TeamRole => {
      const h = holders.get(r.role) ?? zero;
      return { ...r, based_on: null, members: h.members, api_keys: h.apiKeys };
    }),
    ...custom.map((r) => toTeamRole(r, holders.get(r.key) ?? zero)),
  ];
}
