import { queryOptions, useQuery } from '@tanstack/react-query';
import { Beneficiary } from '@meridian/contract';
import { PROVIDER } from '@/lib/env';
import { apiFetch } from '@/lib/api';

/** GET /{provider}/read/fetch/manage/beneficiary/{beneficiary_code}: one beneficiary, with its status. */
const BASE = `/${PROVIDER}/read/fetch/manage/beneficiary`;

export const beneficiaryDetailsQueryKey = (code: string) => ['flow', 'beneficiary-details', code] as const;

export const beneficiaryDetailsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: beneficiaryDetailsQueryKey(code),
    queryFn: async ({ signal }) =>
      Beneficiary.parse(
        await apiFetch<unknown>(`${BASE}/${encodeURIComponent(code)}`, { host: 'read', signal }),
      ),
    enabled: code !== '',
  });

export function useBeneficiaryDetails(code: string) {
  return useQuery(beneficiaryDetailsQueryOptions(code));
}
