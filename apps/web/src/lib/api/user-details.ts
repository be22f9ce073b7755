import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetails } from '@meridian/contract/user';
import { api } from './typed';

/**
 * GET /v2/user/details: the signed-in user's profile, with the roles the server reports. A restored session's
 * roles are always ['user'], so role checks (navigation, ops screens) use these instead.
 *
 * The shell asks for it (the navigation's role filter), so the contract and zod load beside the request, not
 * with the first bundle (as the /flow summary does): the answer is still validated.
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
