import { queryOptions, useQuery } from '@tanstack/react-query';
import { FeatureFlags } from '@meridian/contract';
import { api } from '@/lib/api';

/** GET /{provider}/read/fetch/feature_flags: what this account may do from the dashboard. */
export const featureFlagsQueryOptions = () =>
  queryOptions({
    queryKey: ['FeatureFlags'] as const,
    queryFn: async ({ signal }) =>
      FeatureFlags.parse(await api.get('/meridian/read/fetch/feature_flags', { host: 'read', signal })),
  });

export function useFeatureFlags() {
  return useQuery(featureFlagsQueryOptions());
}
