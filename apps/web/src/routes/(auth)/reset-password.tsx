import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/reset-password-page';
import { textSearch } from '@/lib/auth';

export const Route = createFileRoute('/(auth)/reset-password')({
  validateSearch: textSearch('token'),
  component: function Page() {
    return <ResetPasswordPage token={Route.useSearch().token} />;
  },
});
