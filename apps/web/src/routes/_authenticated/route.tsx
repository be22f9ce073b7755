import { createFileRoute, redirect } from '@tanstack/react-router';
import { isAuthenticated, signInHref } from '@/lib/auth';
import { modeFromSearch, withModeParam } from '@/lib/mode';
import { AuthenticatedLayout } from '@/features/shell';

export const Route = createFileRoute('/_authenticated')({
  // Guard before load: back to sign-in with the original path and query as `redirect`. The sign-in
  // screens are another page (auth.html), hence a full page load. A shared link's `?mode=test` (which the
  // routes do not see: lib/mode.ts) goes with it.
  beforeLoad: ({ location }) => {
    if (!isAuthenticated()) {
      const mode = modeFromSearch(window.location.search) ?? 'live';
      throw redirect({
        href: signInHref({ pathname: location.pathname, search: withModeParam(location.searchStr, mode) }),
        reloadDocument: true,
        replace: true,
      });
    }
  },
  component: AuthenticatedLayout,
});
