import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  TeamInvitation,
  TeamMember,
  TeamMembers,
  TeamRole,
  TeamRoles,
  type CustomRoleRequest,
  type InviteMemberRequest,
} from '@meridian/contract/team';
import { api } from '@/lib/api';
import { userDetailsQueryKey } from '@/lib/api/user-details';

/** GET /{provider}/read/fetch/team/members: members and pending invitations (needs team.manage). */
export const teamQueryKey = ['Team', 'members'] as const;
/** GET /{provider}/read/fetch/team/roles: built-in and custom roles (any member). */
export const rolesQueryKey = ['Team', 'roles'] as const;

export const teamQueryOptions = () =>
  queryOptions({
    queryKey: teamQueryKey,
    queryFn: async ({ signal }) =>
      TeamMembers.parse(await api.get('/meridian/read/fetch/team/members', { host: 'read', signal })),
  });

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: rolesQueryKey,
    queryFn: async ({ signal }) =>
      TeamRoles.parse(await api.get('/meridian/read/fetch/team/roles', { host: 'read', signal })).data,
  });

export const useTeam = (enabled: boolean) => useQuery({ ...teamQueryOptions(), enabled });
export const useRoles = () => useQuery(rolesQueryOptions());

/** A team change: the form or dialog shows its error itself (no global toast); the lists reload after it. */
function useTeamMutation<V, R>(key: string, fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['Team', key],
    mutationFn: fn,
    meta: { errorToast: false },
    gcTime: 0,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['Team'] }),
        queryClient.invalidateQueries({ queryKey: ['audit-log'] }),
        // A change of one's own custom role changes one's own permissions.
        queryClient.invalidateQueries({ queryKey: userDetailsQueryKey }),
      ]);
    },
  });
}

export const useInviteMember = () =>
  useTeamMutation('invite', async (body: InviteMemberRequest) =>
    TeamInvitation.parse(await api.post('/v2/team/invitations', { body })),
  );

export const useResendInvitation = () =>
  useTeamMutation('resend', async (urn: string) =>
    TeamInvitation.parse(await api.post('/v2/team/invitations/{urn}/resend', { params: { path: { urn } } })),
  );

export const useRevokeInvitation = () =>
  useTeamMutation('revoke', async (urn: string) =>
    TeamInvitation.parse(await api.post('/v2/team/invitations/{urn}/revoke', { params: { path: { urn } } })),
  );

/** The 202 of a role change an approval rule holds: it waits for a checker (the member keeps their role). */
const PendingRoleChange = z.object({ approval_urn: z.string(), message: z.string() });
export type RoleChangeAnswer = { done: TeamMember } | { pending: z.infer<typeof PendingRoleChange> };

export const useChangeRole = () =>
  useTeamMutation(
    'role',
    async ({ userId, role }: { userId: string; role: string }): Promise<RoleChangeAnswer> => {
      const answer: unknown = await api.patch('/v2/team/members/{user_id}', {
        params: { path: { user_id: userId } },
        body: { role },
      });
      const pending = PendingRoleChange.safeParse(answer);
      return pending.success ? { pending: pending.data } : { done: TeamMember.parse(answer) };
    },
  );

export const useSetMemberStatus = () =>
  useTeamMutation('status', async ({ userId, active }: { userId: string; active: boolean }) =>
    TeamMember.parse(
      active
        ? await api.post('/v2/team/members/{user_id}/reactivate', { params: { path: { user_id: userId } } })
        : await api.post('/v2/team/members/{user_id}/deactivate', { params: { path: { user_id: userId } } }),
    ),
  );

export const useSaveRole = () =>
  useTeamMutation('save-role', async ({ role, body }: { role: string | null; body: CustomRoleRequest }) =>
    TeamRole.parse(
      role
        ? await api.put('/v2/team/roles/{role}', { params: { path: { role } }, body })
        : await api.post('/v2/team/roles', { body }),
    ),
  );

export const useDeleteRole = () =>
  useTeamMutation('delete-role', async (role: string) =>
    api.delete('/v2/team/roles/{role}', { params: { path: { role } } }),
  );
