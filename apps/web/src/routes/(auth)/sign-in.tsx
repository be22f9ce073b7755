import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignInPage } from '@/features/auth/sign-in-page';
import { isAuthenticated, redirectSearch, safeRedirect } from '@/lib/auth';

export const Route = createFileRoute('/(auth)/sign-in')({
  validateSearch: redirectSearch,
  // Already signed in: go where sign-in would have gone.
  beforeLoad: ({ search }) => {
    if (isAuthenticated()) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: function Page() {
    return <SignInPage redirect={Route.useSearch().redirect} />;
  },
});
