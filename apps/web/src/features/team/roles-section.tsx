import { useState, type FormEvent, type ReactNode } from 'react';
import Plus from 'lucide-react/icons/plus';
import {
  BUILT_IN_ROLES,
  CLIENT_PERMISSIONS,
  PERMISSIONS,
  type Permission,
} from '@meridian/contract/permissions';
import type { TeamRole } from '@meridian/contract/team';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { fieldErrors } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useDeleteRole, useSaveRole } from './api';
import { TeamSection } from './team-section';

/** The client permissions of the catalogue by group, in catalogue order. */
const GROUPS: Array<[string, Permission[]]> = (() => {
  const groups = new Map<string, Permission[]>();
  for (const p of CLIENT_PERMISSIONS) {
    const group = PERMISSIONS[p].group;
    groups.set(group, [...(groups.get(group) ?? []), p]);
  }
  return [...groups];
})();

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong!');

type Draft = { name: string; description: string; basedOn: string; permissions: Set<Permission> };

const draftOf = (role: TeamRole | null, copyOf: TeamRole | null): Draft => {
  if (role)
    return {
      name: role.name,
      description: role.description,
      basedOn: role.based_on ?? '',
      permissions: new Set(role.permissions),
    };
  const base = copyOf ?? null;
  return {
    name: base ? `${base.name} (custom)` : '',
    description: base?.description ?? '',
    basedOn: base?.role ?? '',
    permissions: new Set(base?.permissions ?? []),
  };
};

/** Create (optionally starting from a built-in role) or edit a custom role, from the catalogue by group. */
function RoleEditor({
  role,
  copyOf,
  builtIn,
  trigger,
}: {
  role: TeamRole | null;
  copyOf: TeamRole | null;
  builtIn: TeamRole[];
  trigger: (open: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(role, copyOf));
  const save = useSaveRole();
  const fields = fieldErrors(save.error);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setDraft(draftOf(role, copyOf));
    else save.reset();
  };
  const startFrom = (key: string) => {
    const base = builtIn.find((r) => r.role === key);
    setDraft((d) => ({ ...d, basedOn: key, permissions: new Set(base?.permissions ?? []) }));
  };
  const toggle = (p: Permission) =>
    setDraft((d) => {
      const next = new Set(d.permissions);
      if (next.has(p)) next.delete(p);
      else next.add(p);
      return { ...d, permissions: next };
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        role: role?.role ?? null,
        body: {
          name: draft.name.trim(),
          description: draft.description.trim(),
          permissions: CLIENT_PERMISSIONS.filter((p) => draft.permissions.has(p)),
          ...(draft.basedOn ? { based_on: draft.basedOn } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          onOpenChange(false);
          toast.success(role ? `${saved.name} saved` : `${saved.name} created`);
        },
      },
    );
  };
  const hasFieldError = Object.keys(fields).length > 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger(() => onOpenChange(true))}
      {open && (
        <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader className="pr-8">
            <DialogTitle>{role ? `Edit ${role.name}` : 'New custom role'}</DialogTitle>
            <DialogDescription>
              {role
                ? 'Members and API keys holding this role get the new permissions on their next request.'
                : 'Start from a built-in role, then add or remove permissions.'}
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={submit} className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <Label htmlFor="role-name">Name</Label>
              <Input
                id="role-name"
                required
                minLength={2}
                maxLength={60}
                value={draft.name}
                onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
                aria-invalid={fields.name ? true : undefined}
              />
              {fields.name ? <p className="text-sm text-destructive">{fields.name}</p> : null}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="role-description">Description</Label>
              <Textarea
                id="role-description"
                maxLength={300}
                rows={2}
                value={draft.description}
                onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="role-based-on">Start from</Label>
              <Select id="role-based-on" value={draft.basedOn} onChange={(e) => startFrom(e.target.value)}>
                <option value="">No built-in role</option>
                {builtIn.map((r) => (
                  <option key={r.role} value={r.role}>
                    {r.name}
                  </option>
                ))}
              </Select>
            </div>
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-sm font-medium">
                Permissions ({draft.permissions.size} of {CLIENT_PERMISSIONS.length})
              </legend>
              {GROUPS.map(([group, permissions]) => (
                <div key={group} className="flex flex-col gap-1">
                  <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{group}</p>
                  {permissions.map((p) => (
                    <label key={p} className="flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="mt-0.5 size-4 accent-primary"
                        checked={draft.permissions.has(p)}
                        onChange={() => toggle(p)}
                      />
                      <span>
                        {PERMISSIONS[p].label} <code className="text-xs text-muted-foreground">{p}</code>
                      </span>
                    </label>
                  ))}
                </div>
              ))}
              {fields.permissions ? <p className="text-sm text-destructive">{fields.permissions}</p> : null}
            </fieldset>
            <FormErrorAlert
              title="The role was not saved"
              message={save.error && !hasFieldError ? errorText(save.error) : null}
            />
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" disabled={save.isPending || draft.permissions.size === 0}>
                {save.isPending ? 'Saving…' : role ? 'Save role' : 'Create role'}
              </Button>
            </div>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}

function DeleteRoleButton({ role }: { role: TeamRole }) {
  const remove = useDeleteRole();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={remove.isPending}
      aria-label={`Delete ${role.name}`}
      onClick={() =>
        remove.mutate(role.role, {
          onSuccess: () => toast.success(`${role.name} deleted`),
          onError: (error) => toast.error('The role was not deleted', { description: errorText(error) }),
        })
      }
    >
      Delete
    </Button>
  );
}

function RoleCard({ role, builtIn, canManage }: { role: TeamRole; builtIn: TeamRole[]; canManage: boolean }) {
  const held = [
    role.members ? `${role.members} member${role.members > 1 ? 's' : ''}` : null,
    role.api_keys ? `${role.api_keys} API key${role.api_keys > 1 ? 's' : ''}` : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 rounded-xl border bg-card p-4" data-testid={`role-${role.role}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-medium">{role.name}</h3>
            <Badge variant={role.built_in ? 'grey' : 'blue'}>{role.built_in ? 'Built-in' : 'Custom'}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">{role.description || 'No description.'}</p>
          <p className="text-xs text-muted-foreground">
            {held.length ? held.join(' · ') : 'Nobody holds it'}
          </p>
        </div>
        {canManage ? (
          <div className="flex shrink-0 flex-wrap justify-end gap-2">
            {role.built_in ? (
              <RoleEditor
                role={null}
                copyOf={role}
                builtIn={builtIn}
                trigger={(open) => (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={open}
                    aria-label={`Customise a copy of ${role.name}`}
                  >
                    Customise
                  </Button>
                )}
              />
            ) : (
              <>
                <RoleEditor
                  role={role}
                  copyOf={null}
                  builtIn={builtIn}
                  trigger={(open) => (
                    <Button variant="outline" size="sm" onClick={open} aria-label={`Edit ${role.name}`}>
                      Edit
                    </Button>
                  )}
                />
                <DeleteRoleButton role={role} />
              </>
            )}
          </div>
        ) : null}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">
          {role.permissions.length} permission{role.permissions.length === 1 ? '' : 's'}
        </summary>
        <ul className="mt-2 flex flex-col gap-1 pl-4">
          {role.permissions.map((p) => (
            <li key={p} className="list-disc">
              {PERMISSIONS[p].label} <code className="text-xs text-muted-foreground">{p}</code>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/** The built-in roles with their permissions, and the company's custom roles (made and changed here). */
export function RolesSection({
  roles,
  loading,
  canManage,
}: {
  roles: TeamRole[] | undefined;
  loading: boolean;
  canManage: boolean;
}) {
  const builtIn = (roles ?? []).filter((r) => r.built_in && r.role in BUILT_IN_ROLES);
  return (
    <TeamSection
      id="team-roles-title"
      title="Roles"
      description="What each role may do. Custom roles are made from the permissions below, starting from a built-in role."
      action={
        canManage ? (
          <RoleEditor
            role={null}
            copyOf={null}
            builtIn={builtIn}
            trigger={(open) => (
              <Button variant="outline" onClick={open}>
                <Plus aria-hidden />
                New custom role
              </Button>
            )}
          />
        ) : undefined
      }
    >
      {loading ? (
        <Skeleton className="h-32 w-full" />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Roles">
          {(roles ?? []).map((r) => (
            <RoleCard key={r.role} role={r} builtIn={builtIn} canManage={canManage} />
          ))}
        </ul>
      )}
    </TeamSection>
  );
}
