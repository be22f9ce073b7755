import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ReportSchedule,
  ReportSchedulesResponse,
  type CreateReportSchedule,
} from '@meridian/contract/reports';
import { apiFetch } from '@/lib/api';
import { PROVIDER } from '@/lib/env';

/** GET /{provider}/read/reports/schedules → the client's report schedules. */
export const schedulesQueryKey = ['reports', 'schedules'] as const;
export function useReportSchedules() {
  return useQuery(
    queryOptions({
      queryKey: schedulesQueryKey,
      queryFn: async ({ signal }) =>
        ReportSchedulesResponse.parse(
          await apiFetch<unknown>(`/${PROVIDER}/read/reports/schedules`, { host: 'read', signal }),
        ).data,
    }),
  );
}

/** POST /{provider}/reports/schedules */
export async function createSchedule(body: CreateReportSchedule) {
  return ReportSchedule.parse(
    await apiFetch<unknown>(`/${PROVIDER}/reports/schedules`, { method: 'POST', json: body }),
  );
}

/** DELETE /{provider}/reports/schedules/{urn} */
export async function deleteSchedule(urn: string) {
  await apiFetch<unknown>(`/${PROVIDER}/reports/schedules/${encodeURIComponent(urn)}`, { method: 'DELETE' });
}
