import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Company,
  CompanyMeter,
  CreditAdjustmentResult,
  CreditOperationRow,
  OptionList,
  type CreditAdjustment,
  type UpdateCompanyMeter,
} from '@meridian/contract/accounts';
import type { z } from 'zod';
import { parseCount } from '@/components/data-table';
import { apiFetch } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';
import { PROVIDER } from '@/lib/env';

/** Credit management: Meridian operations only (the server answers 403 to other users). */
const OPS = `/${PROVIDER}/operations`;

export type CompanyMeterAnswer = z.infer<typeof CompanyMeter>;
export type CreditAdjustmentAnswer = z.infer<typeof CreditAdjustmentResult>;
export type AdjustmentKind = 'load' | 'unload';
export type UpdateCompanyMeterBody = z.input<typeof UpdateCompanyMeter>;

const rows = <T>(schema: z.ZodType<T>, answer: unknown): T[] =>
  schema.array().parse((answer as { data?: unknown } | null)?.data);

export const optionsQueryOptions = (list: 'consumer_types' | 'credit_operation_types') =>
  queryOptions({
    queryKey: [list === 'consumer_types' ? 'ConsumerTypes' : 'CreditOperationTypes'] as const,
    queryFn: async ({ signal }) =>
      OptionList.parse(await apiFetch<unknown>(`${OPS}/fetch/${list}`, { signal })).data,
    staleTime: 5 * 60_000,
  });

export interface CompaniesFilter {
  search_value: string;
  consumer_type: string;
  limit: number;
  offset: number;
}

export const companiesQueryOptions = (filter: CompaniesFilter) =>
  queryOptions({
    queryKey: ['Companies', 'list', filter] as const,
    queryFn: async ({ signal }) =>
      rows(Company, await apiFetch<unknown>(`${OPS}/companies`, { query: { ...filter }, signal })),
    placeholderData: keepPreviousData,
  });

export const companiesCountQueryOptions = ({ search_value, consumer_type }: CompaniesFilter) =>
  queryOptions({
    queryKey: ['Companies', 'count', { search_value, consumer_type }] as const,
    queryFn: async ({ signal }) =>
      parseCount(
        await apiFetch<unknown>(`${OPS}/companies/count`, { query: { search_value, consumer_type }, signal }),
      ),
    placeholderData: keepPreviousData,
  });

export const creditOperationsQueryOptions = (clientId: string, limit: number, offset: number) =>
  queryOptions({
    queryKey: ['Credits', clientId, 'list', { limit, offset }] as const,
    queryFn: async ({ signal }) =>
      rows(
        CreditOperationRow,
        await apiFetch<unknown>(`${OPS}/credits/${encodeURIComponent(clientId)}`, {
          query: { limit, offset },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const creditOperationsCountQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ['Credits', clientId, 'count'] as const,
    queryFn: async ({ signal }) =>
      parseCount(await apiFetch<unknown>(`${OPS}/credits/${encodeURIComponent(clientId)}/count`, { signal })),
  });

export const companyMeterQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ['Companies', clientId, 'meter'] as const,
    queryFn: async ({ signal }) =>
      CompanyMeter.parse(
        await apiFetch<unknown>(`${OPS}/companies/${encodeURIComponent(clientId)}/meter`, { signal }),
      ),
  });

/**
 * POST …/credits/load or …/unload with the `Idempotency-Key` of this submission: a retry after an unknown
 * outcome sends the same key, so the server applies the adjustment once.
 */
export function adjustCredits(kind: AdjustmentKind, body: CreditAdjustment, idempotencyKey: string) {
  return apiFetch<unknown>(`${OPS}/credits/${kind}`, {
    method: 'POST',
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  }).then((answer) => CreditAdjustmentResult.parse(answer));
}

export function useAdjustCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['Credits', 'adjust'],
    mutationFn: ({
      kind,
      body,
      idempotencyKey,
    }: {
      kind: AdjustmentKind;
      body: CreditAdjustment;
      idempotencyKey: string;
    }) => adjustCredits(kind, body, idempotencyKey),
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['Credits'] }),
        queryClient.invalidateQueries({ queryKey: ['Companies'] }),
      ]);
    },
  });
}

export function useUpdateMeter(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['Companies', 'meter', 'update'],
    mutationFn: async (body: UpdateCompanyMeterBody) =>
      CompanyMeter.parse(
        await apiFetch<unknown>(`${OPS}/companies/${encodeURIComponent(clientId)}/meter`, {
          method: 'PUT',
          json: body,
        }),
      ),
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: (meter) => queryClient.setQueryData(companyMeterQueryOptions(clientId).queryKey, meter),
  });
}
