import { saveBlob } from '@/components/data-table';
import { api } from '@/lib/api';

/**
 * GET /{provider}/read/reports/{urn}/download with the session, saved under the report's file name. A report
 * not ready (409) or expired (410) rejects with the server's message.
 */
export async function downloadReport(urn: string, fileName: string): Promise<void> {
  const blob = await api.get('/meridian/read/reports/{report_urn}/download', {
    host: 'read',
    params: { path: { report_urn: urn } },
    parseAs: 'blob',
    timeoutMs: 300_000,
  });
  saveBlob(blob, fileName);
}
