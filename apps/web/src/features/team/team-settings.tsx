import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TeamInvitation, TeamMember, TeamRole } from '@meridian/contract/team';
import { DateTimeText } from '@/components/data-table/cells';
import { FormErrorAlert } from '@/components/form/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHeader,
  TableHeaderRow,
  TableRow,
  TableStateRow,
} from '@/components/ui/table';
import { userDetailsQueryOptions } from '@/lib/api/user-details';
import { toast } from '@/lib/toast';
import {
  useChangeRole,
  useResendInvitation,
  useRevokeInvitation,
  useRoles,
  useSetMemberStatus,
  useTeam,
} from './api';
import { errorText, grantable } from './common';
import { InviteDialog } from './invite-dialog';
import { RolesSection } from './roles-section';
import { TeamSection } from './team-section';

const TWO_FACTOR: Record<TeamMember['two_factor'], string> = {
  none: 'No second factor',
  sms: 'SMS',
  totp: 'Authenticator app',
};

function RoleSelect({
  member,
  roles,
  myRole,
  isSelf,
}: {
  member: TeamMember;
  roles: TeamRole[];
  myRole: string;
  isSelf: boolean;
}) {
  const change = useChangeRole();
  const locked = isSelf || (member.role === 'owner' && myRole !== 'owner');
  const options: Array<Pick<TeamRole, 'role' | 'name'>> = grantable(roles, myRole);
  // The member's own role stays listed even when the signed-in member may not give it (an owner for an admin).
  if (!options.some((r) => r.role === member.role))
    options.unshift({ role: member.role, name: member.role_name });
  return (
    <Select
      aria-label={`Role of ${member.name}`}
      value={member.role}
      disabled={locked || change.isPending}
      title={isSelf ? 'You cannot change your own role' : undefined}
      onChange={(e) =>
        change.mutate(
          { userId: member.user_id, role: e.target.value },
          {
            onSuccess: (answer) =>
              'done' in answer
                ? toast.success(`${answer.done.name} is now ${answer.done.role_name}`)
                : toast.success('The role change waits for approval', {
                    description: answer.pending.message,
                  }),
            onError: (error) => toast.error('The role was not changed', { description: errorText(error) }),
          },
        )
      }
      className="min-w-40"
    >
      {options.map((r) => (
        <option key={r.role} value={r.role}>
          {r.name}
        </option>
      ))}
    </Select>
  );
}

/** Deactivate (every session ends) or reactivate a member, after a confirmation. */
function StatusButton({ member }: { member: TeamMember }) {
  const [open, setOpen] = useState(false);
  const change = useSetMemberStatus();
  const deactivate = member.status === 'active';
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) change.reset();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`${deactivate ? 'Deactivate' : 'Reactivate'} ${member.name}`}
      >
        {deactivate ? 'Deactivate' : 'Reactivate'}
      </Button>
      {open && (
        <DialogContent role="alertdialog">
          <DialogHeader className="pr-8">
            <DialogTitle>
              {deactivate ? 'Deactivate' : 'Reactivate'} {member.name}?
            </DialogTitle>
            <DialogDescription>
              {deactivate
                ? `${member.email} is signed out everywhere at once and cannot sign in until reactivated.`
                : `${member.email} can sign in again with their password.`}
            </DialogDescription>
          </DialogHeader>
          <FormErrorAlert
            title={deactivate ? 'The member was not deactivated' : 'The member was not reactivated'}
            message={change.error ? errorText(change.error) : null}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant={deactivate ? 'destructive' : 'default'}
              disabled={change.isPending}
              onClick={() =>
                change.mutate(
                  { userId: member.user_id, active: !deactivate },
                  {
                    onSuccess: (m) => {
                      onOpenChange(false);
                      toast.success(`${m.name} is ${m.status === 'active' ? 'active again' : 'deactivated'}`);
                    },
                  },
                )
              }
            >
              {deactivate ? 'Deactivate member' : 'Reactivate member'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

function MembersTable({
  members,
  roles,
  myRole,
  myEmail,
  loading,
}: {
  members: TeamMember[];
  roles: TeamRole[];
  myRole: string;
  myEmail: string;
  loading: boolean;
}) {
  const headers = ['Member', 'Role', 'Sign-in', 'Actions'];
  return (
    <Table scrollLabel="Members">
      <TableCaption>Members</TableCaption>
      <TableHeader>
        <TableHeaderRow headers={headers} hidden={['Actions']} />
      </TableHeader>
      <TableBody>
        {loading ? (
          <TableStateRow colSpan={headers.length} loading />
        ) : (
          members.map((m) => {
            const isSelf = m.email.toLowerCase() === myEmail.toLowerCase();
            return (
              <TableRow key={m.user_id} data-testid={`member-${m.email}`}>
                <TableCell className="align-top">
                  <div className="font-medium">
                    {m.name}
                    {isSelf ? <span className="text-muted-foreground"> (you)</span> : null}
                  </div>
                  <div className="text-sm text-muted-foreground">{m.email}</div>
                  {m.status === 'deactivated' ? (
                    <Badge variant="red" className="mt-1">
                      Deactivated
                    </Badge>
                  ) : null}
                </TableCell>
                <TableCell className="align-top">
                  <RoleSelect member={m} roles={roles} myRole={myRole} isSelf={isSelf} />
                </TableCell>
                <TableCell className="align-top">
                  <div className="flex flex-col gap-1">
                    <Badge variant={m.two_factor === 'none' ? 'grey' : 'green'}>
                      {TWO_FACTOR[m.two_factor]}
                    </Badge>
                    <span className="text-sm text-muted-foreground">
                      Last:{' '}
                      {m.last_sign_in_at ? <DateTimeText value={m.last_sign_in_at} /> : 'never signed in'}
                    </span>
                  </div>
                </TableCell>
                <TableCell className="align-top">
                  {isSelf || (m.role === 'owner' && myRole !== 'owner') ? null : <StatusButton member={m} />}
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const busy = resend.isPending || revoke.isPending;
  const fail = (what: string) => (error: unknown) => toast.error(what, { description: errorText(error) });
  return (
    <TableRow data-testid={`invitation-${invitation.email}`}>
      <TableCell className="align-top">
        <div className="font-medium">{invitation.email}</div>
        {invitation.name ? <div className="text-sm text-muted-foreground">{invitation.name}</div> : null}
      </TableCell>
      <TableCell className="align-top">{invitation.role_name}</TableCell>
      <TableCell className="align-top">{invitation.invited_by}</TableCell>
      <TableCell className="align-top">
        <DateTimeText value={invitation.sent_at} />
      </TableCell>
      <TableCell className="align-top">
        {invitation.expired ? (
          <Badge variant="red">Expired</Badge>
        ) : (
          <DateTimeText value={invitation.expires_at} />
        )}
      </TableCell>
      <TableCell className="align-top">
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Resend the invitation to ${invitation.email}`}
            onClick={() =>
              resend.mutate(invitation.urn, {
                onSuccess: () => toast.success(`Invitation sent again to ${invitation.email}`),
                onError: fail('The invitation was not sent again'),
              })
            }
          >
            Resend
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Revoke the invitation to ${invitation.email}`}
            onClick={() =>
              revoke.mutate(invitation.urn, {
                onSuccess: () => toast.success(`Invitation to ${invitation.email} revoked`),
                onError: fail('The invitation was not revoked'),
              })
            }
          >
            Revoke
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

function InvitationsTable({ invitations }: { invitations: TeamInvitation[] }) {
  const headers = ['Invited', 'Role', 'Invited by', 'Sent', 'Expires', 'Actions'];
  return (
    <Table scrollLabel="Invitations waiting to be accepted">
      <TableCaption>Pending invitations</TableCaption>
      <TableHeader>
        <TableHeaderRow headers={headers} hidden={['Actions']} />
      </TableHeader>
      <TableBody>
        {invitations.length === 0 ? (
          <TableStateRow colSpan={headers.length}>No pending invitations.</TableStateRow>
        ) : (
          invitations.map((i) => <InvitationRow key={i.urn} invitation={i} />)
        )}
      </TableBody>
    </Table>
  );
}

/**
 * /settings/team: the company's members (role, two-factor, last sign-in, status), pending invitations and the
 * roles. A member whose role lacks `team.manage` sees the roles only.
 */
export function TeamSettings() {
  const me = useQuery(userDetailsQueryOptions());
  const canManage = me.data?.permissions.includes('team.manage') === true;
  const team = useTeam(canManage);
  const roles = useRoles();
  const myRole = me.data?.role ?? '';

  if (me.isPending) return <Skeleton className="h-40 w-full" />;
  return (
    <div className="flex flex-col gap-10">
      {canManage ? (
        <>
          <TeamSection
            id="team-members-title"
            title="Team"
            description="Who can sign in to your company's dashboard, with which role. Every change is recorded in the audit log."
            action={<InviteDialog roles={roles.data ?? []} myRole={myRole} />}
          >
            {team.isError ? (
              <FormErrorAlert title="The team could not be loaded" message={errorText(team.error)} />
            ) : (
              <MembersTable
                members={team.data?.members ?? []}
                roles={roles.data ?? []}
                myRole={myRole}
                myEmail={me.data?.email ?? ''}
                loading={team.isPending}
              />
            )}
          </TeamSection>
          <TeamSection
            id="team-invitations-title"
            title="Pending invitations"
            description="Invitations not yet accepted. Resend one to send a new 72-hour link; the old link stops working."
          >
            <InvitationsTable invitations={team.data?.invitations ?? []} />
          </TeamSection>
        </>
      ) : (
        <TeamSection
          id="team-members-title"
          title="Team"
          description={`Your role (${me.data?.role_name ?? 'unknown'}) does not include managing the team: ask an owner or admin of your company to invite members or change roles.`}
        >
          {null}
        </TeamSection>
      )}
      <RolesSection roles={roles.data} loading={roles.isPending} canManage={canManage} />
    </div>
  );
}
