import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ReportSchedule,
  ReportSchedulesResponse,
  type CreateReportSchedule,
} from '@meridian/contract/reports';
import { api } from '@/lib/api';

/** GET /{provider}/read/reports/schedules → the client's report schedules. */
export const schedulesQueryKey = ['reports', 'schedules'] as const;
export function useReportSchedules() {
  return useQuery(
    queryOptions({
      queryKey: schedulesQueryKey,
      queryFn: async ({ signal }) =>
        ReportSchedulesResponse.parse(
          await api.get('/meridian/read/reports/schedules', { host: 'read', signal }),
        ).data,
    }),
  );
}

/** POST /{provider}/reports/schedules */
export async function createSchedule(body: CreateReportSchedule) {
  return ReportSchedule.parse(await api.post('/meridian/reports/schedules', { body }));
}

/** DELETE /{provider}/reports/schedules/{urn} */
export async function deleteSchedule(urn: string) {
  await api.delete('/meridian/reports/schedules/{schedule_urn}', { params: { path: { schedule_urn: urn } } });
}
