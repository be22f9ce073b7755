import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserDetails } from '@meridian/contract';
import { api, type ApiRequestBody } from '@/lib/api';
import { userDetailsQueryKey, userDetailsQueryOptions } from '@/lib/api/user-details';

/** GET/PATCH /v2/user/details: the signed-in user's profile (contract: packages/contract/src/user.ts). */
export type UpdateUserDetailsBody = ApiRequestBody<'patch', '/v2/user/details'>;

// One query for the profile and the role checks of the shell (lib/api/user-details.ts).
export { userDetailsQueryKey, userDetailsQueryOptions };

export function useUserDetails() {
  return useQuery(userDetailsQueryOptions());
}

export function useUpdateUserDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['User', 'update'],
    mutationFn: (body: UpdateUserDetailsBody) => api.patch('/v2/user/details', { body }),
    onSuccess: async (answer) => {
      const parsed = UserDetails.safeParse(answer);
      if (parsed.success) queryClient.setQueryData(userDetailsQueryKey, parsed.data);
      else await queryClient.invalidateQueries({ queryKey: userDetailsQueryKey });
    },
  });
}
