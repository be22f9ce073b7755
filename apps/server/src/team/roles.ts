import { and, eq, sql } from 'drizzle-orm';
import {
  BUILT_IN_ROLES,
  CLIENT_PERMISSIONS,
  CLIENT_ROLE_KEYS,
  isBuiltInRole,
  type Permission,
} from '@meridian/contract/permissions';
import { MAX_CUSTOM_ROLES, type CustomRoleRequest, type TeamRole } from '@meridian/contract/team';
import { auditBy, type Actor } from '../audit/actor.ts';
import { inTransaction, type Db } from '../db/database.ts';
import { roles } from '../db/schema.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import { lockClient } from './guards.ts';
import { customPermissions, findCustomRole, roleHolders, toTeamRole } from './queries.ts';

/* Custom roles: made from the client permissions, changed, deleted while nobody holds them. */

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
