import { builtInRoles } from '@meridian/contract/permissions';

/** The roles a key may be given here: the built-in client roles (the server refuses one beyond the creator's). */
export const KEY_ROLES = builtInRoles();
export const roleNameOf = (role: string) => KEY_ROLES.find((r) => r.role === role)?.name ?? role;
