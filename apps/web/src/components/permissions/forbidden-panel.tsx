import { useEffect } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import type { NavPermission } from '@/components/layout/nav-config';
import { Button } from '@/components/ui/button';

const names = (needed: NavPermission) => [...new Set(typeof needed === 'string' ? [needed] : needed)];

/** "the flow.read permission" / "one of the a, b or c permissions". */
export function neededText(needed: NavPermission): string {
  const list = names(needed);
  if (list.length === 1) return `the ${list[0]} permission`;
  return `one of the ${list.slice(0, -1).join(', ')} or ${list.at(-1)} permissions`;
}

export const FORBIDDEN_TITLE = 'Access Forbidden';

/**
 * A screen the member's role cannot read (a direct visit, a bookmark): the /403 page's look, saying which role
 * and which permission, instead of an error page or an empty table.
 */
export function ForbiddenPanel({ roleName, needed }: { roleName: string; needed: NavPermission }) {
  const router = useRouter();
  useEffect(() => {
    document.title = `403 · ${FORBIDDEN_TITLE}`;
  }, []);
  return (
    <div className="flex min-h-[70svh] flex-col items-center justify-center gap-2 p-6 text-center">
      <p className="text-[7rem] leading-none font-bold tracking-tight" aria-hidden>
        403
      </p>
      <h1 className="text-2xl font-semibold">{FORBIDDEN_TITLE}</h1>
      <p className="max-w-md text-muted-foreground">
        Your role ({roleName}) cannot see this page — it needs {neededText(needed)}. Ask an owner or admin of
        your company.
      </p>
      <div className="mt-6 flex gap-4">
        <Button variant="outline" onClick={() => router.history.back()}>
          Go Back
        </Button>
        <Button asChild>
          <Link to="/flow">Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}
