import { and, eq } from 'drizzle-orm';
import {
  BUILT_IN_ROLES,
  isBuiltInRole,
  PERMISSIONS,
  STAFF_PERMISSIONS,
  type Permission,
} from '@meridian/contract/permissions';
import type { Db } from '../db/database.ts';
import { roles } from '../db/schema.ts';
import { companyOf } from '../db/tenants.ts';

const BUILT_IN_SETS = new Map<string, ReadonlySet<Permission>>(
  Object.entries(BUILT_IN_ROLES).map(([key, role]) => [key, new Set<Permission>(role.permissions)]),
);
const NONE: ReadonlySet<Permission> = new Set();

/**
 * The permissions of a role of a company (`clientRef`: the company or one of its modes): a built-in role's documented set, or a custom role's (read from
 * `roles`; never a staff permission). An unknown role (a custom role deleted) has none.
 */
export async function permissionsOf(
  db: Db,
  clientRef: number,
  role: string,
): Promise<ReadonlySet<Permission>> {
  if (isBuiltInRole(role)) return BUILT_IN_SETS.get(role)!;
  const [row] = await db
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(and(eq(roles.clientRef, await companyOf(db, clientRef)), eq(roles.key, role)));
  if (!row) return NONE;
  return new Set(
    row.permissions.filter(
      (p): p is Permission => Object.hasOwn(PERMISSIONS, p) && !STAFF_PERMISSIONS.includes(p as Permission),
    ),
  );
}

/** A role's name as people read it (a built-in role's, or a custom role's; the key when it is unknown). */
export async function roleName(db: Db, clientRef: number, role: string): Promise<string> {
  if (isBuiltInRole(role)) return BUILT_IN_ROLES[role].name;
  const [row] = await db
    .select({ name: roles.name })
    .from(roles)
    .where(and(eq(roles.clientRef, await companyOf(db, clientRef)), eq(roles.key, role)));
  return row?.name ?? role;
}
