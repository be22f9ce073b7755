import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CompanyMfaRequirementResponse,
  RecoveryCodesResponse,
  SmsStepUpResponse,
  TotpEnrolmentResponse,
  TwoFactorStatus,
} from '@meridian/contract/two-factor';
import { api } from '@/lib/api';
import { userDetailsQueryKey } from '@/lib/api/user-details';
import { encryptPassword } from '@/lib/auth';

/** The two-factor calls of `/configurations/manage-2fa` (docs/using/what-the-server-does.md, "Two-factor sign-in"). */
export const twoFactorQueryKey = ['User', 'two-factor'] as const;

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorQueryKey,
    queryFn: async ({ signal }) => TwoFactorStatus.parse(await api.get('/v2/user/mfa', { signal })),
  });
export const useTwoFactorStatus = () => useQuery(twoFactorQueryOptions());

export type StepUpInput = { password: string; code?: string | undefined };

async function stepUpBody({ password, code }: StepUpInput) {
  const body: { encrypted_password: string; code?: string } = {
    encrypted_password: await encryptPassword(password),
  };
  if (code && code.trim() !== '') body.code = code.trim();
  return body;
}

/** Forget what the screen and the shell know of the preference after a change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
      queryClient.invalidateQueries({ queryKey: userDetailsQueryKey }),
    ]);
}

// Secrets and recovery codes stay in the mutation result only (gcTime 0), never in the query cache.
const mutationDefaults = { meta: { errorToast: false }, gcTime: 0 } as const;

export function useSendSmsStepUp() {
  return useMutation({
    ...mutationDefaults,
    mutationFn: async (password: string) =>
      SmsStepUpResponse.parse(
        await api.post('/v2/user/mfa/sms/step-up', {
          body: { encrypted_password: await encryptPassword(password) },
        }),
      ),
  });
}

export function useStartTotpEnrolment() {
  return useMutation({
    ...mutationDefaults,
    mutationFn: async (input: StepUpInput) =>
      TotpEnrolmentResponse.parse(
        await api.post('/v2/user/mfa/totp/enrol', { body: await stepUpBody(input) }),
      ),
  });
}

export function useConfirmTotp() {
  const refresh = useRefresh();
  return useMutation({
    ...mutationDefaults,
    mutationFn: async (code: string) =>
      RecoveryCodesResponse.parse(await api.post('/v2/user/mfa/totp/confirm', { body: { code } })),
    onSuccess: refresh,
  });
}

export function useSetPreference() {
  const refresh = useRefresh();
  return useMutation({
    ...mutationDefaults,
    mutationFn: async (input: StepUpInput & { preference: 'none' | 'sms' }) =>
      TwoFactorStatus.parse(
        await api.post('/v2/user/mfa/preference', {
          body: { ...(await stepUpBody(input)), mfa_preference: input.preference },
        }),
      ),
    onSuccess: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    ...mutationDefaults,
    mutationFn: async (input: StepUpInput) =>
      RecoveryCodesResponse.parse(
        await api.post('/v2/user/mfa/recovery-codes', { body: await stepUpBody(input) }),
      ),
    onSuccess: refresh,
  });
}

export function useCompanyRequirement() {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (required: boolean) =>
      CompanyMfaRequirementResponse.parse(
        await api.put('/v2/company/mfa-requirement', { body: { required } }),
      ),
    onSuccess: refresh,
  });
}
