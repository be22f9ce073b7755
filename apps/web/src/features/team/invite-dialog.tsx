import { useState, type FormEvent } from 'react';
import UserPlus from 'lucide-react/icons/user-plus';
import type { TeamRole } from '@meridian/contract/team';
import { FormErrorAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { fieldErrors } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useInviteMember } from './api';
import { errorText, grantable } from './common';

const EMPTY = { email: '', name: '', role: 'viewer' };
type InviteValues = typeof EMPTY;

/** The invite dialog's state: open or not, the values (cleared on closing), and the invitation sent. */
function useInvite() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const invite = useInviteMember();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      invite.reset();
      setValues(EMPTY);
    }
  };
  const set = (field: keyof InviteValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      {
        email: values.email.trim(),
        role: values.role,
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
      },
      {
        onSuccess: (i) => {
          onOpenChange(false);
          toast.success(`Invitation sent to ${i.email}`, { description: 'The link is valid for 72 hours.' });
        },
      },
    );
  };
  return { open, setOpen, onOpenChange, values, set, invite, submit };
}

/** Invite a member by e-mail (and name), with a role the signed-in member may give. */
export function InviteDialog({ roles, myRole }: { roles: TeamRole[]; myRole: string }) {
  const { open, setOpen, onOpenChange, values, set, invite, submit } = useInvite();
  const fields = fieldErrors(invite.error);
  const hasFieldError = Object.keys(fields).length > 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button onClick={() => setOpen(true)}>
        <UserPlus aria-hidden />
        Invite member
      </Button>
      {open && (
        <DialogContent className="max-h-[90svh] overflow-y-auto">
          <DialogHeader className="pr-8">
            <DialogTitle>Invite a member</DialogTitle>
            <DialogDescription>
              They get an e-mail with a link, valid for 72 hours, to choose a password and join with this
              role.
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={submit} className="flex flex-col gap-4">
            <InviteFields values={values} set={set} fields={fields} options={grantable(roles, myRole)} />
            <FormErrorAlert
              title="The invitation was not sent"
              message={invite.error && !hasFieldError ? errorText(invite.error) : null}
            />
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending ? 'Sending…' : 'Send invitation'}
              </Button>
            </div>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The invitee's e-mail and name, and the role with its description. */
function InviteFields({
  values,
  set,
  fields,
  options,
}: {
  values: InviteValues;
  set: (field: keyof InviteValues) => (e: { target: { value: string } }) => void;
  fields: Record<string, string>;
  options: TeamRole[];
}) {
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor="invite-email">Email</Label>
        <Input
          id="invite-email"
          type="email"
          required
          autoComplete="off"
          value={values.email}
          onChange={set('email')}
          aria-invalid={fields.email ? true : undefined}
        />
        {fields.email ? <p className="text-sm text-destructive">{fields.email}</p> : null}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="invite-name">Name (optional)</Label>
        <Input id="invite-name" autoComplete="off" value={values.name} onChange={set('name')} />
        {fields.name ? <p className="text-sm text-destructive">{fields.name}</p> : null}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="invite-role">Role</Label>
        <Select id="invite-role" value={values.role} onChange={set('role')}>
          {options.map((r) => (
            <option key={r.role} value={r.role}>
              {r.name}
            </option>
          ))}
        </Select>
        <p className="text-sm text-muted-foreground">
          {options.find((r) => r.role === values.role)?.description}
        </p>
      </div>
    </>
  );
}
