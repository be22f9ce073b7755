import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { UserDetails, type UpdateUserDetails } from '@meridian/contract';
import { apiFetch } from '@/lib/api';
import { userDetailsQueryKey, userDetailsQueryOptions } from '@/lib/api/user-details';

/** GET/PATCH /v2/user/details: the signed-in user's profile (contract: packages/contract/src/user.ts). */
const PATH = '/v2/user/details';

export type UpdateUserDetailsBody = z.infer<typeof UpdateUserDetails>;

// One query for the profile and the role checks of the shell (lib/api/user-details.ts).
export { userDetailsQueryKey, userDetailsQueryOptions };

export function useUserDetails() {
  return useQuery(userDetailsQueryOptions());
}

export function useUpdateUserDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['User', 'update'],
    mutationFn: (body: UpdateUserDetailsBody) => apiFetch<unknown>(PATH, { method: 'PATCH', json: body }),
    onSuccess: async (answer) => {
      const parsed = UserDetails.safeParse(answer);
      if (parsed.success) queryClient.setQueryData(userDetailsQueryKey, parsed.data);
      else await queryClient.invalidateQueries({ queryKey: userDetailsQueryKey });
    },
  });
}
