import type { TeamRole } from '@meridian/contract/team';

/** An error's message for an alert or a toast. */
export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong!';

/** The roles the signed-in member may give: everything listed, `owner` only by an owner. */
export const grantable = (roles: TeamRole[], myRole: string) =>
  roles.filter((r) => r.role !== 'owner' || myRole === 'owner');
