import { createFileRoute, redirect } from '@tanstack/react-router';
import { isAuthenticated, signInHref } from '@/lib/auth';
import { AuthenticatedLayout } from '@/features/shell';

export const Route = createFileRoute('/_authenticated')({
  // Guard before load: back to sign-in with the original path and query as `redirect`. The sign-in
  // screens are another page (auth.html), hence a full page load.
  beforeLoad: ({ location }) => {
    if (!isAuthenticated()) {
      throw redirect({
        href: signInHref({ pathname: location.pathname, search: location.searchStr }),
        reloadDocument: true,
        replace: true,
      });
    }
  },
  component: AuthenticatedLayout,
});
