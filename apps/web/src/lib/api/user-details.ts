import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission } from '@meridian/contract/permissions';
import type { UserDetails } from '@meridian/contract/user';
import { api } from './typed';

/**
 * GET /v2/user/details: the signed-in user's profile, with the role and permissions the server reports. A
 * restored session's roles are always ['user'], so permission checks (navigation, buttons, screens) use these.
 *
 * The shell asks for it (the navigation's permission filter), so the contract and zod load beside the request,
 * not with the first bundle (as the /flow summary does): the answer is still validated.
 */
export const userDetailsQueryKey = ['User', 'details'] as const;

export const userDetailsQueryOptions = () =>
  queryOptions({
    queryKey: userDetailsQueryKey,
    queryFn: async ({ signal }): Promise<UserDetails> => {
      const [contract, answer] = await Promise.all([
        import('@/contract/shell-schemas'),
        api.get('/v2/user/details', { signal }),
      ]);
      return contract.UserDetails.parse(answer);
    },
    staleTime: 60_000,
  });

const selectRoles = (details: UserDetails) => details.roles;

/** The server-reported roles; undefined while loading or after a failure. */
export function useServerRoles(): string[] | undefined {
  return useQuery({ ...userDetailsQueryOptions(), select: selectRoles }).data;
}

/** What the signed-in member may do: their role, its name and its permissions (as the server reports them). */
export interface UserPermissions {
  role: string;
  roleName: string;
  permissions: ReadonlySet<Permission>;
}

const selectPermissions = (details: UserDetails): UserPermissions => ({
  role: details.role,
  roleName: details.role_name,
  // The server answers catalogue keys only; a key this build does not know simply never matches.
  permissions: new Set(details.permissions as Permission[]),
});

/**
 * The member's role and permissions; undefined while they load or when they could not be loaded, so that
 * nothing needing a permission shows before the answer says it may (no flash of forbidden buttons).
 */
export function usePermissions(): UserPermissions | undefined {
  return useQuery({ ...userDetailsQueryOptions(), select: selectPermissions }).data;
}

/** True only once the member's role is known to hold `permission`. */
export function useCan(permission: Permission): boolean {
  return usePermissions()?.permissions.has(permission) === true;
}
