import Plus from 'lucide-react/icons/plus';
import { BUILT_IN_ROLES, PERMISSIONS } from '@meridian/contract/permissions';
import type { TeamRole } from '@meridian/contract/team';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { useDeleteRole } from './api';
import { errorText } from './common';
import { RoleEditor } from './role-editor';
import { TeamSection } from './team-section';

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
