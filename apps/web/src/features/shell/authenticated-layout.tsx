import { QueryClientProvider } from '@tanstack/react-query';
import { AppShell } from '@/components/layout/app-shell';
import { queryClient } from '@/lib/api/query-client';
import { InactivityLogout } from './inactivity-logout';
import { TwoFactorGate } from './two-factor-gate';

/**
 * The signed-in area: data cache, shell and auto-logout. React Query lives here (not in the root) so the
 * sign-in screens load without it.
 */
export function AuthenticatedLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell />
      <InactivityLogout />
      <TwoFactorGate />
    </QueryClientProvider>
  );
}
