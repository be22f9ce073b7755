import { saveBlob } from '@/components/data-table';
import { apiFetch } from '@/lib/api';
import { PROVIDER } from '@/lib/env';

/**
 * GET /{provider}/read/reports/{urn}/download with the session, saved under the report's file name. A report
 * not ready (409) or expired (410) rejects with the server's message.
 */
export async function downloadReport(urn: string, fileName: string): Promise<void> {
  const blob = await apiFetch<Blob>(`/${PROVIDER}/read/reports/${encodeURIComponent(urn)}/download`, {
    host: 'read',
    parseAs: 'blob',
    timeoutMs: 300_000,
  });
  saveBlob(blob, fileName);
}
