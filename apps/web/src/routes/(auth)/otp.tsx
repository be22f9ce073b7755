import { createFileRoute } from '@tanstack/react-router';
import { OtpPage } from '@/features/auth/otp-page';
import { redirectSearch } from '@/lib/auth';

export const Route = createFileRoute('/(auth)/otp')({
  validateSearch: redirectSearch,
  component: function Page() {
    return <OtpPage redirect={Route.useSearch().redirect} />;
  },
});
