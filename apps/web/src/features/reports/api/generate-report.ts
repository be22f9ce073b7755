import { GenerateReportResponse, type GenerateReport } from '@meridian/contract/reports';
import { apiFetch } from '@/lib/api';
import { PROVIDER } from '@/lib/env';

/** POST /{provider}/reports/generate → 202 { report_urn, status: 'QUEUED' }: the build runs in the background. */
export async function generateReport(body: GenerateReport) {
  return GenerateReportResponse.parse(
    await apiFetch<unknown>(`/${PROVIDER}/reports/generate`, { method: 'POST', json: body }),
  );
}
