import { GenerateReportResponse, type GenerateReport } from '@meridian/contract/reports';
import { api } from '@/lib/api';

/** POST /{provider}/reports/generate → 202 { report_urn, status: 'QUEUED' }: the build runs in the background. */
export async function generateReport(body: GenerateReport) {
  return GenerateReportResponse.parse(await api.post('/meridian/reports/generate', { body }));
}
