import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { allows, screenPermissions } from '@/components/layout/nav-config';
import { userDetailsQueryOptions } from '@/lib/api/user-details';

// Loaded only when a role meets a screen it cannot read: no first view pays for it.
const ForbiddenPanel = lazy(() => import('./forbidden-panel').then((m) => ({ default: m.ForbiddenPanel })));

/**
 * The signed-in page, or — on a screen the member's role cannot read (a direct visit, a bookmark) — the panel
 * saying which permission it needs. While the role loads, a screen that needs a permission is mounted hidden
 * (its data starts loading, nothing it shows flashes); if the role cannot be loaded the page shows and the
 * server's own 403s speak for it.
 */
export function PermissionGate({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const details = useQuery(userDetailsQueryOptions());
  const needed = screenPermissions(pathname);
  if (details.data) {
    const held = new Set(details.data.permissions);
    const missing = needed.find((p) => !allows(p, held));
    if (missing) {
      return (
        <Suspense fallback={null}>
          <ForbiddenPanel roleName={details.data.role_name} needed={missing} />
        </Suspense>
      );
    }
  }
  return (
    <div className="contents" hidden={details.isPending && needed.length > 0}>
      {children}
    </div>
  );
}
