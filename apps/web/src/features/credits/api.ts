import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Company,
  CompanyMeter,
  CONSUMER_TYPES,
  CreditAdjustmentResult,
  CreditOperationRow,
  OptionList,
  type CreditAdjustment,
  type UpdateCompanyMeter,
} from '@meridian/contract/accounts';
import { z } from 'zod';
import { PendingApproval } from '@meridian/contract/approvals';
import { parseCount } from '@/components/data-table';
import type { LiveModeAnswer } from '@meridian/contract/modes';
import { api, apiFetch, type ApiPathFor, type ApiQuery, type ApiOperation } from '@/lib/api';
import { PROVIDER } from '@/lib/env';
import type { MutationMeta } from '@/lib/api/query-client';

/** Credit management: Meridian operations only (the server answers 403 to other users). */

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
      OptionList.parse(
        await (list === 'consumer_types'
          ? api.get('/meridian/operations/fetch/consumer_types', { signal })
          : api.get('/meridian/operations/fetch/credit_operation_types', { signal })),
      ).data,
    staleTime: 5 * 60_000,
  });

/** A consumer type to filter by, or '' for all of them (the document's `consumer_type` parameter). */
export type ConsumerTypeFilter = NonNullable<
  ApiQuery<ApiOperation<'/meridian/operations/companies', 'get'>>['consumer_type']
>;

/** The select's value as a filter: a known consumer type, else '' (all). */
export const toConsumerTypeFilter = (value: string): ConsumerTypeFilter =>
  CONSUMER_TYPES.find((type) => type === value) ?? '';

export interface CompaniesFilter {
  search_value: string;
  consumer_type: ConsumerTypeFilter;
  limit: number;
  offset: number;
}

export const companiesQueryOptions = (filter: CompaniesFilter) =>
  queryOptions({
    queryKey: ['Companies', 'list', filter] as const,
    queryFn: async ({ signal }) =>
      rows(
        Company,
        await api.get('/meridian/operations/companies', { params: { query: { ...filter } }, signal }),
      ),
    placeholderData: keepPreviousData,
  });

export const companiesCountQueryOptions = ({ search_value, consumer_type }: CompaniesFilter) =>
  queryOptions({
    queryKey: ['Companies', 'count', { search_value, consumer_type }] as const,
    queryFn: async ({ signal }) =>
      parseCount(
        await api.get('/meridian/operations/companies/count', {
          params: { query: { search_value, consumer_type } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const creditOperationsQueryOptions = (clientId: string, limit: number, offset: number) =>
  queryOptions({
    queryKey: ['Credits', clientId, 'list', { limit, offset }] as const,
    queryFn: async ({ signal }) =>
      rows(
        CreditOperationRow,
        await api.get('/meridian/operations/credits/{client_id}', {
          params: { path: { client_id: clientId }, query: { limit, offset } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const creditOperationsCountQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ['Credits', clientId, 'count'] as const,
    queryFn: async ({ signal }) =>
      parseCount(
        await api.get('/meridian/operations/credits/{client_id}/count', {
          params: { path: { client_id: clientId } },
          signal,
        }),
      ),
  });

export const companyMeterQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ['Companies', clientId, 'meter'] as const,
    queryFn: async ({ signal }) =>
      CompanyMeter.parse(
        await api.get('/meridian/operations/companies/{client_id}/meter', {
          params: { path: { client_id: clientId } },
          signal,
        }),
      ),
  });

/**
 * POST …/credits/load or …/unload with the `Idempotency-Key` of this submission: a retry after an unknown
 * outcome sends the same key, so the server applies the adjustment once.
 */
const ADJUSTMENT_PATHS = {
  load: '/meridian/operations/credits/load',
  unload: '/meridian/operations/credits/unload',
} as const satisfies Record<AdjustmentKind, ApiPathFor<'post'>>;

/** The adjustment made, or (a load one of Meridian's approval rules holds: 202) the request it waits as. */
const AdjustmentAnswer = z.union([CreditAdjustmentResult, PendingApproval]);

export function adjustCredits(kind: AdjustmentKind, body: CreditAdjustment, idempotencyKey: string) {
  return api
    .post(ADJUSTMENT_PATHS[kind], { body, headers: { 'Idempotency-Key': idempotencyKey } })
    .then((answer) => AdjustmentAnswer.parse(answer));
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
        await api.put('/meridian/operations/companies/{client_id}/meter', {
          params: { path: { client_id: clientId } },
          body,
        }),
      ),
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: (meter) => queryClient.setQueryData(companyMeterQueryOptions(clientId).queryKey, meter),
  });
}

/**
 * PUT /{provider}/operations/companies/{client_id}/live_mode `{ enabled }` (ops.companies): opens or closes a
 * company's live mode; the companies list is asked again. The dialog shows the error itself.
 */
export function useSetLiveMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['Companies', 'live_mode', 'set'],
    mutationFn: ({ clientId, enabled }: { clientId: string; enabled: boolean }) =>
      apiFetch<LiveModeAnswer>(
        `/${PROVIDER}/operations/companies/${encodeURIComponent(clientId)}/live_mode`,
        { method: 'PUT', json: { enabled } },
      ),
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['Companies'] }),
  });
}
