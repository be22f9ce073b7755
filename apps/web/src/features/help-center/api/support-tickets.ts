import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SupportTicket, type CreateSupportTicket } from '@meridian/contract/support';
import { api } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';

/**
 * GET /{provider}/read/search/support/tickets: the company's tickets of the last 90 days (the help centre's
 * "Your tickets"), newest first, at most 50.
 */
export const supportTicketsQueryOptions = (startDate: string, endDate: string, timeZone: string) =>
  queryOptions({
    queryKey: ['support-tickets', startDate, endDate, timeZone] as const,
    queryFn: async ({ signal }) => {
      const answer = await api.get('/meridian/read/search/support/tickets', {
        host: 'read',
        params: { query: { start_date: startDate, end_date: endDate, time_zone: timeZone, limit: 50 } },
        signal,
      });
      return z.object({ data: z.array(SupportTicket) }).parse(answer).data;
    },
  });

/** POST /v2/support/tickets → 201 the ticket (OPEN). */
export function useCreateSupportTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['support-tickets', 'create'],
    mutationFn: (body: CreateSupportTicket) =>
      api.post('/v2/support/tickets', { body }).then((a) => SupportTicket.parse(a)),
    // The form shows the server's message and field errors itself.
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support-tickets'] }),
  });
}
