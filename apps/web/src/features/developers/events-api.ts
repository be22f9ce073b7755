import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CallbackConfig, listResponse } from '@meridian/contract';
import { EVENTS_LIST, EventDetails, EventRecord, EventResendResult } from '@meridian/contract/developers';
import { z } from 'zod';
import { createListEndpoints } from '@/components/data-table';
import { api, isApiError } from '@/lib/api';
import { shouldRetry, type MutationMeta } from '@/lib/api/query-client';

/**
 * The events: search, count and export at the paths of their definition (EVENTS_LIST), one event with its data
 * and deliveries at …/read/fetch/events/{event_id}, and a resend at POST /v2/events/{event_id}/resend.
 */
const EventList = listResponse(EventRecord);

export const eventsEndpoints = createListEndpoints(EVENTS_LIST, (answer) => EventList.parse(answer).data);

/** A 404 (an event of another client, or a stale link) is an answer, not a failure worth retrying. */
const retryUnlessMissing = (failureCount: number, error: Error) =>
  !(isApiError(error) && error.status === 404) && shouldRetry(failureCount, error);

export const eventDetailsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: [eventsEndpoints.key, 'details', eventId] as const,
    queryFn: async ({ signal }) =>
      EventDetails.parse(
        await api.get('/meridian/read/fetch/events/{event_id}', {
          host: 'read',
          params: { path: { event_id: eventId } },
          signal,
        }),
      ),
    retry: retryUnlessMissing,
  });

/** GET /v2/company/callback: the client's callback configurations, to pick the one a resend goes to. */
export const useCallbackConfigurations = (enabled: boolean) =>
  useQuery({
    queryKey: [eventsEndpoints.key, 'callback-configurations'] as const,
    queryFn: async ({ signal }) =>
      z.object({ data: z.array(CallbackConfig) }).parse(await api.get('/v2/company/callback', { signal }))
        .data,
    enabled,
  });

/**
 * POST /v2/events/{event_id}/resend `{ callback_id? }` → 202 the new deliveries (new signed messages of the same
 * event). The event's details and the list are read again: their deliveries changed.
 */
export function useResendEvent(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [eventsEndpoints.key, 'resend', eventId],
    mutationFn: async (callbackId: string | undefined) =>
      EventResendResult.parse(
        await api.post('/v2/events/{event_id}/resend', {
          params: { path: { event_id: eventId } },
          body: callbackId === undefined ? {} : { callback_id: callbackId },
        }),
      ),
    meta: { errorToast: false } satisfies MutationMeta,
    // The topic holds the pages, the counts and every event's details.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [eventsEndpoints.key] }),
  });
}
