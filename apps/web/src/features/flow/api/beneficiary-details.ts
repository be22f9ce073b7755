import { queryOptions, useQuery } from '@tanstack/react-query';
import { Beneficiary } from '@meridian/contract';
import { api } from '@/lib/api';

/** GET /{provider}/read/fetch/manage/beneficiary/{beneficiary_code}: one beneficiary, with its status. */

export const beneficiaryDetailsQueryKey = (code: string) => ['flow', 'beneficiary-details', code] as const;

export const beneficiaryDetailsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: beneficiaryDetailsQueryKey(code),
    queryFn: async ({ signal }) =>
      Beneficiary.parse(
        await api.get('/meridian/read/fetch/manage/beneficiary/{beneficiary_code}', {
          host: 'read',
          params: { path: { beneficiary_code: code } },
          signal,
        }),
      ),
    enabled: code !== '',
  });

export function useBeneficiaryDetails(code: string) {
  return useQuery(beneficiaryDetailsQueryOptions(code));
}
