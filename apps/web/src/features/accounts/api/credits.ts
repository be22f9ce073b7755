import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listResponse } from '@meridian/contract';
import { VirtualAccountCredit } from '@meridian/contract/accounts';
import { parseCount } from '@/components/data-table';
import { api } from '@/lib/api';

/**
 * Money that arrived in virtual accounts: search GET /{provider}/read/search/manage/virtual_account_credits
 * and count …/read/count/manage/virtual_account_credits (the list query; keys bank_reference_number,
 * virtual_account_number; extra parameter status=CREDITED|RETURNED).
 */
const CreditList = listResponse(VirtualAccountCredit);

export interface CreditsQuery {
  start_date: string;
  end_date: string;
  time_zone: string;
  limit: number;
  offset: number;
  search_key?: 'virtual_account_number' | 'bank_reference_number';
  search_value?: string;
  status?: VirtualAccountCredit['status'];
}

export const creditsQueryOptions = (query: CreditsQuery) =>
  queryOptions({
    queryKey: ['accounts', 'credits', 'search', query] as const,
    queryFn: async ({ signal }) =>
      CreditList.parse(
        await api.get('/meridian/read/search/manage/virtual_account_credits', {
          host: 'read',
          params: { query: { ...query } },
          signal,
        }),
      ).data,
    placeholderData: keepPreviousData,
  });

export const creditsCountQueryOptions = ({ limit: _l, offset: _o, ...query }: CreditsQuery) =>
  queryOptions({
    queryKey: ['accounts', 'credits', 'count', query] as const,
    queryFn: async ({ signal }) =>
      parseCount(
        await api.get('/meridian/read/count/manage/virtual_account_credits', {
          host: 'read',
          params: { query: { ...query } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export function useCredits(query: CreditsQuery) {
  return useQuery(creditsQueryOptions(query));
}

export function useCreditsCount(query: CreditsQuery) {
  return useQuery(creditsCountQueryOptions(query));
}
