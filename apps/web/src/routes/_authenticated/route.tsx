import { createFileRoute, redirect } from '@tanstack/react-router';
import { isAuthenticated } from '@/lib/auth';
import { AuthenticatedLayout } from '@/features/shell';

export const Route = createFileRoute('/_authenticated')({
  // Guard before load (spec §4): back to sign-in with the original path and query as `redirect`.
  beforeLoad: ({ location }) => {
    if (!isAuthenticated()) {
      throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    }
  },
  component: AuthenticatedLayout,
});
