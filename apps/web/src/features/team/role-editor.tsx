import { useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { CLIENT_PERMISSIONS, PERMISSIONS, type Permission } from '@meridian/contract/permissions';
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
import { Textarea } from '@/components/ui/textarea';
import { fieldErrors } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSaveRole } from './api';
import { errorText } from './common';

/** The client permissions of the catalogue by group, in catalogue order. */
const GROUPS: Array<[string, Permission[]]> = (() => {
  const groups = new Map<string, Permission[]>();
  for (const p of CLIENT_PERMISSIONS) {
    const group = PERMISSIONS[p].group;
    groups.set(group, [...(groups.get(group) ?? []), p]);
  }
  return [...groups];
})();

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

/** The role editor's state: open or not, the draft (reset on opening), and the save. */
function useRoleEditor(role: TeamRole | null, copyOf: TeamRole | null, builtIn: TeamRole[]) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(role, copyOf));
  const save = useSaveRole();
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
  return { open, onOpenChange, draft, setDraft, startFrom, toggle, save, submit };
}

/** Create (optionally starting from a built-in role) or edit a custom role, from the catalogue by group. */
export function RoleEditor({
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
  const { open, onOpenChange, draft, setDraft, startFrom, toggle, save, submit } = useRoleEditor(
    role,
    copyOf,
    builtIn,
  );
  const fields = fieldErrors(save.error);
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
            <RoleFields
              draft={draft}
              setDraft={setDraft}
              startFrom={startFrom}
              builtIn={builtIn}
              fields={fields}
            />
            <PermissionsFieldset draft={draft} toggle={toggle} error={fields.permissions} />
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

/** The role's name, description, and the built-in role it starts from. */
function RoleFields({
  draft,
  setDraft,
  startFrom,
  builtIn,
  fields,
}: {
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  startFrom: (key: string) => void;
  builtIn: TeamRole[];
  fields: Record<string, string>;
}) {
  return (
    <>
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
    </>
  );
}

/** The catalogue's client permissions by group, each a checkbox. */
function PermissionsFieldset({
  draft,
  toggle,
  error,
}: {
  draft: Draft;
  toggle: (p: Permission) => void;
  error: string | undefined;
}) {
  return (
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
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </fieldset>
  );
}
