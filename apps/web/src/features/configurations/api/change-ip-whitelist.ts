import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IpWhitelistResult } from '@meridian/contract/ip-allowlist';
import { api } from '@/lib/api';
import { doneOrPending, type DoneOrPending } from '@/lib/api/pending-approval';
import { encryptPassword } from '@/lib/auth';
import { whitelistedIpsQueryKey } from './whitelisted-ips';

const IpWhitelistAnswer = doneOrPending(IpWhitelistResult);

export type IpWhitelistChange =
  | { action: 'add'; ip: string; label: string; password: string }
  | { action: 'remove'; ip: string; password: string };

/**
 * POST /v2/request_ip_whitelist: adds or removes one entry, confirmed with the user's password, encrypted as at
 * sign-in (RSA-OAEP with the provider's public key). The password never leaves this function in clear. The dialog
 * shows the error itself (400 field errors, 403 wrong password, 409 duplicate, 422 full, 429), so no global toast.
 * An `ip_allowlist` approval rule may hold the change (202): the list stays as it is until it is approved.
 */
export async function changeIpWhitelist(
  change: IpWhitelistChange,
): Promise<DoneOrPending<IpWhitelistResult>> {
  const { password, ...rest } = change;
  const encrypted_password = await encryptPassword(password);
  return IpWhitelistAnswer.parse(
    await api.post('/v2/request_ip_whitelist', { body: { ...rest, encrypted_password } }),
  );
}

export function useChangeIpWhitelist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ManageIPs', 'change'],
    mutationFn: changeIpWhitelist,
    meta: { errorToast: false },
    gcTime: 0,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: whitelistedIpsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    },
  });
}
