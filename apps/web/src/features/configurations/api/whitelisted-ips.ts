import { queryOptions, useQuery } from '@tanstack/react-query';
import { IpAllowlist } from '@meridian/contract/ip-allowlist';
import { api } from '@/lib/api';

/** GET /{provider}/read/fetch/whitelisted_ips → the client's IP allow-list. */
export const whitelistedIpsQueryKey = ['ManageIPs'] as const;

export const whitelistedIpsQueryOptions = () =>
  queryOptions({
    queryKey: whitelistedIpsQueryKey,
    queryFn: async ({ signal }) =>
      IpAllowlist.parse(await api.get('/meridian/read/fetch/whitelisted_ips', { host: 'read', signal })),
  });

export function useWhitelistedIps() {
  return useQuery(whitelistedIpsQueryOptions());
}
