import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SETTLEMENTS_LIST,
  Settlement,
  SettlementAccount,
  SettlementAccountAnswer,
  SettlementCycle,
  SettlementRun,
  type UpdateSettlementCycle,
} from '@meridian/contract/accounts';
import type { z } from 'zod';
import { createListEndpoints } from '@/components/data-table';
import { api, type ApiRequestBody } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';

/** Settlements (internal operations paths, `{provider}` = the provider slug); every signed-in user. */
const TOPIC = 'Settlement';

export type SetSettlementAccountBody = ApiRequestBody<'post', '/meridian/operations/settlement/account'>;
export type SettlementRunResult = z.infer<typeof SettlementRun>;

export const settlementAccountQueryOptions = () =>
  queryOptions({
    queryKey: [TOPIC, 'account'] as const,
    queryFn: async ({ signal }) =>
      SettlementAccountAnswer.parse(await api.get('/meridian/operations/settlement/account', { signal }))
        .data,
  });

export const settlementCyclesQueryOptions = () =>
  queryOptions({
    queryKey: [TOPIC, 'cycles'] as const,
    queryFn: async ({ signal }) =>
      SettlementCycle.array().parse(
        (await api.get('/meridian/operations/settlement/cycles', { signal })).data,
      ),
  });

/** The history list at the paths of its definition (SETTLEMENTS_LIST, on the operations API host). */
export const settlementHistoryEndpoints = createListEndpoints(
  SETTLEMENTS_LIST,
  (answer) => Settlement.array().parse((answer as { data?: unknown } | null)?.data),
  { host: 'api' },
);

function useInvalidateSettlements() {
  const queryClient = useQueryClient();
  // the settlement queries, and the history list (its query key is the list's name)
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [TOPIC] }),
      queryClient.invalidateQueries({ queryKey: [settlementHistoryEndpoints.key] }),
    ]);
}

/** POST …/account: penny drop; VERIFIED becomes the active account, REJECTED carries `status_message`. */
export function useSetSettlementAccount() {
  const invalidate = useInvalidateSettlements();
  return useMutation({
    mutationKey: [TOPIC, 'account', 'set'],
    mutationFn: async (body: SetSettlementAccountBody) =>
      SettlementAccount.parse(await api.post('/meridian/operations/settlement/account', { body })),
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () => invalidate(),
  });
}

export function useUpdateCycle() {
  const invalidate = useInvalidateSettlements();
  return useMutation({
    mutationKey: [TOPIC, 'cycle', 'update'],
    mutationFn: async ({ cycleId, body }: { cycleId: string; body: UpdateSettlementCycle }) =>
      SettlementCycle.parse(
        await api.put('/meridian/operations/settlement/cycles/{id}', {
          params: { path: { id: cycleId } },
          body,
        }),
      ),
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () => invalidate(),
  });
}

/** POST …/cycles/{id}/invoke: runs the cycle now (422 with a message when no account is verified). */
export function useInvokeCycle() {
  const invalidate = useInvalidateSettlements();
  return useMutation({
    mutationKey: [TOPIC, 'cycle', 'invoke'],
    mutationFn: async (cycleId: string) =>
      SettlementRun.parse(
        await api.post('/meridian/operations/settlement/cycles/{id}/invoke', {
          params: { path: { id: cycleId } },
        }),
      ),
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () => invalidate(),
  });
}

export function useReattemptSettlement() {
  const invalidate = useInvalidateSettlements();
  return useMutation({
    mutationKey: [TOPIC, 'reattempt'],
    mutationFn: async (urn: string) =>
      Settlement.parse(
        await api.post('/meridian/operations/settlement/history/{urn}/reattempt', {
          params: { path: { urn } },
        }),
      ),
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () => invalidate(),
  });
}
