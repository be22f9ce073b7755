import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CallbackConfig, type CallbackRequest } from '@meridian/contract';
import {
  CALLBACK_DELIVERIES_LIST,
  CallbackDeliveryRow,
  CallbackHttpMethodOption,
  CallbackReplay,
  CallbackSubscription,
  CallbackTypeOption,
  type CallbackReplayRequest,
} from '@meridian/contract/callback-configurations';
import { z } from 'zod';
import { createListEndpoints } from '@/components/data-table/list-endpoints';
import { api } from '@/lib/api';
import { doneOrPending, PendingApproval, type DoneOrPending } from '@/lib/api/pending-approval';
import type { MutationMeta } from '@/lib/api/query-client';

/** Everything on /configurations/callback-configurations is under this query-key topic. */
const TOPIC = 'callbacks';

const dataOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row) });

/** GET /{provider}/read/fetch/callback/types: every event type with its label and description. */
export const callbackTypesQueryOptions = () =>
  queryOptions({
    queryKey: [TOPIC, 'types'] as const,
    queryFn: async ({ signal }) =>
      dataOf(CallbackTypeOption).parse(
        await api.get('/meridian/read/fetch/callback/types', { host: 'read', signal }),
      ).data,
    staleTime: Infinity,
  });

/** GET /{provider}/read/fetch/callback/http_methods. */
export const callbackMethodsQueryOptions = () =>
  queryOptions({
    queryKey: [TOPIC, 'http-methods'] as const,
    queryFn: async ({ signal }) =>
      dataOf(CallbackHttpMethodOption).parse(
        await api.get('/meridian/read/fetch/callback/http_methods', { host: 'read', signal }),
      ).data,
    staleTime: Infinity,
  });

/** GET /{provider}/read/fetch/callback/subscriptions: per event type, its URLs (secrets never included). */
export const callbackSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: [TOPIC, 'subscriptions'] as const,
    queryFn: async ({ signal }) =>
      dataOf(CallbackSubscription).parse(
        await api.get('/meridian/read/fetch/callback/subscriptions', { host: 'read', signal }),
      ).data,
  });

export const useCallbackTypes = () => useQuery(callbackTypesQueryOptions());
export const useCallbackMethods = () => useQuery(callbackMethodsQueryOptions());
export const useCallbackSubscriptions = () => useQuery(callbackSubscriptionsQueryOptions());

/**
 * The 202 of a create or update a `callback` approval rule holds: nothing changes until it is approved (deliveries
 * go on to the configuration as it was); a new configuration's signing secret (or a rotation's) is in this answer
 * only.
 */
export const PendingCallback = PendingApproval.extend({ secret: z.string().optional() });
export type PendingCallback = z.infer<typeof PendingCallback>;

export type CallbackSaved = DoneOrPending<CallbackConfig, PendingCallback>;
const CallbackAnswer = doneOrPending(CallbackConfig, PendingCallback);

/**
 * POST /v2/company/callback (create or update): the configuration saved, or (202) the request the change waits as.
 * The answer to a create or a rotation carries the whole secret: it stays in the mutation's result only (never
 * the query cache), forgotten when the dialog closes.
 */
export function useSaveCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TOPIC, 'save'],
    mutationFn: async (body: Exclude<CallbackRequest, { action: 'list' }>): Promise<CallbackSaved> =>
      CallbackAnswer.parse(await api.post('/v2/company/callback', { body })),
    meta: { errorToast: false } satisfies MutationMeta,
    gcTime: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [TOPIC, 'subscriptions'] }),
  });
}

/** The delivery log at the paths of its definition (CALLBACK_DELIVERIES_LIST: filters event type, status). */
export const deliveriesEndpoints = createListEndpoints(
  CALLBACK_DELIVERIES_LIST,
  (answer) => dataOf(CallbackDeliveryRow).parse(answer).data,
);

/** POST /v2/company/callback/test `{ callback_id }` → 202 the queued delivery. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TOPIC, 'test'],
    mutationFn: async (callbackId: string) =>
      CallbackDeliveryRow.parse(
        await api.post('/v2/company/callback/test', { body: { callback_id: callbackId } }),
      ),
    meta: { errorToast: false } satisfies MutationMeta,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [deliveriesEndpoints.key] }),
  });
}

/** POST /v2/company/callback/deliveries/{webhook_id}/resend → 202 the delivery, PENDING again. */
export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TOPIC, 'resend'],
    mutationFn: async (webhookId: string) =>
      CallbackDeliveryRow.parse(
        await api.post('/v2/company/callback/deliveries/{webhook_id}/resend', {
          params: { path: { webhook_id: webhookId } },
        }),
      ),
    meta: { errorToast: false } satisfies MutationMeta,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [deliveriesEndpoints.key] }),
  });
}

/** POST /v2/company/callback/replays → 202 the replay (its progress is polled below). */
export function useStartReplay() {
  return useMutation({
    mutationKey: [TOPIC, 'replay'],
    mutationFn: async (body: CallbackReplayRequest) =>
      CallbackReplay.parse(await api.post('/v2/company/callback/replays', { body })),
    meta: { errorToast: false } satisfies MutationMeta,
  });
}

/** GET /{provider}/read/fetch/callback/replays/{id}, every second until it is COMPLETED. */
export function useReplayProgress(replayId: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [TOPIC, 'replay', replayId] as const,
    enabled: replayId !== undefined,
    queryFn: async ({ signal }) => {
      const replay = CallbackReplay.parse(
        await api.get('/meridian/read/fetch/callback/replays/{replay_id}', {
          host: 'read',
          params: { path: { replay_id: replayId! } },
          signal,
        }),
      );
      if (replay.status === 'COMPLETED')
        void queryClient.invalidateQueries({ queryKey: [deliveriesEndpoints.key] });
      return replay;
    },
    refetchInterval: (query) => (query.state.data?.status === 'COMPLETED' ? false : 1000),
  });
}
