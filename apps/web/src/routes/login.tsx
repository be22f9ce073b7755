import { createFileRoute, redirect } from '@tanstack/react-router';
import { redirectSearch } from '@/lib/auth';

/** /login always goes to /sign-in, keeping `redirect` (spec §2). */
export const Route = createFileRoute('/login')({
  validateSearch: redirectSearch,
  beforeLoad: ({ search }) => {
    throw redirect({
      to: '/sign-in',
      search: search.redirect ? { redirect: search.redirect } : {},
      replace: true,
    });
  },
});
