import { QueryClientProvider } from '@tanstack/react-query';
import { AppShell } from '@/components/layout/app-shell';
import { queryClient } from '@/lib/api/query-client';
import { InactivityLogout } from './inactivity-logout';
import { StepUpDialog } from './step-up-dialog';
import { TwoFactorGate } from './two-factor-gate';

/**
 * The signed-in area: data cache, shell, auto-logout and the step-up dialog of money movements. React Query lives here (not in the root) so the
 * sign-in screens load without it.
 */
export function AuthenticatedLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell />
      <InactivityLogout />
      <TwoFactorGate />
      <StepUpDialog />
    </QueryClientProvider>
  );
}
