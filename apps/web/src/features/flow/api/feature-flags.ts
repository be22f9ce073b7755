import { queryOptions, useQuery } from '@tanstack/react-query';
import { FeatureFlags } from '@meridian/contract';
import { PROVIDER } from '@/lib/env';
import { apiFetch } from '@/lib/api';

/** GET /{provider}/read/fetch/feature_flags: what this account may do from the dashboard. */
const PATH = `/${PROVIDER}/read/fetch/feature_flags`;

export const featureFlagsQueryOptions = () =>
  queryOptions({
    queryKey: ['FeatureFlags'] as const,
    queryFn: async ({ signal }) =>
      FeatureFlags.parse(await apiFetch<unknown>(PATH, { host: 'read', signal })),
  });

export function useFeatureFlags() {
  return useQuery(featureFlagsQueryOptions());
}
