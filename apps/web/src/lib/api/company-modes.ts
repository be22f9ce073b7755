import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyModes } from '@meridian/contract/modes';
import { MODE_HEADER } from '@/lib/mode';
import { apiFetch } from './client';

/**
 * GET /v2/company/modes → `{ live_mode_enabled, test_mode_available }`: the modes of the signed-in member's
 * company (shared by both modes). Asked in live mode whatever the switch says: a company without a test mode
 * would answer a test-mode call 403. Read without zod (the shell asks on every screen's first paint): an answer
 * of another shape is a failed query.
 */
export const companyModesQueryKey = ['Company', 'modes'] as const;

function parseCompanyModes(answer: unknown): CompanyModes {
  const a = (answer ?? {}) as Partial<Record<keyof CompanyModes, unknown>>;
  if (typeof a.live_mode_enabled !== 'boolean' || typeof a.test_mode_available !== 'boolean')
    throw new Error('The company’s modes could not be read');
  return { live_mode_enabled: a.live_mode_enabled, test_mode_available: a.test_mode_available };
}

export const companyModesQueryOptions = () =>
  queryOptions({
    queryKey: companyModesQueryKey,
    queryFn: async ({ signal }) =>
      parseCompanyModes(await apiFetch('/v2/company/modes', { headers: { [MODE_HEADER]: 'live' }, signal })),
    staleTime: 60_000,
  });

/** The company's modes; undefined while they load or when they could not be loaded. */
export function useCompanyModes(): CompanyModes | undefined {
  return useQuery(companyModesQueryOptions()).data;
}
