import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listResponse } from '@meridian/contract';
import {
  Bulk,
  BULK_FILE_FIELD,
  BULK_LINE_ITEMS_LIST,
  BULK_PAYOUTS_LIST,
  BulkLineItem,
  BulkValidation,
  type BulkFormat,
  type BulkRowsRequest,
} from '@meridian/contract/bulk';
import { createListEndpoints } from '@/components/data-table';
import { api, type ApiPathFor } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';

/**
 * Bulk payouts (issue 11): templates, validate (file or JSON rows), submit, progress, the bulk list and a
 * bulk's line items, and its input and response files. Writes go to the bulk host, reads to the read host.
 */
/** Parsing 10,000 rows takes longer than a page. */
const FILE_TIMEOUT_MS = 120_000;

export const bulksEndpoints = createListEndpoints(
  BULK_PAYOUTS_LIST,
  (answer) => listResponse(Bulk).parse(answer).data,
);

export const lineItemsEndpoints = createListEndpoints(
  BULK_LINE_ITEMS_LIST,
  (answer) => listResponse(BulkLineItem).parse(answer).data,
);

/** POST /{provider}/bulk/validate with the file (multipart `file`): its rows and every row's errors. */
export async function validateFile(file: File, signal?: AbortSignal): Promise<BulkValidation> {
  const body = new FormData();
  body.append(BULK_FILE_FIELD, file, file.name);
  const answer = await api.post('/meridian/bulk/validate', {
    host: 'bulk',
    body,
    timeoutMs: FILE_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
  return BulkValidation.parse(answer);
}

export type BulkRowsBody = BulkRowsRequest;

/** POST /{provider}/bulk/validate with JSON rows (the grid, after edits). */
export async function validateRows(body: BulkRowsBody): Promise<BulkValidation> {
  const answer = await api.post('/meridian/bulk/validate', {
    host: 'bulk',
    body,
    timeoutMs: FILE_TIMEOUT_MS,
  });
  return BulkValidation.parse(answer);
}

export interface SubmitBulkVariables {
  body: BulkRowsBody;
  idempotencyKey: string;
}

/** POST /{provider}/bulk/bulk_payout with the JSON rows and an Idempotency-Key → the bulk (urn, status). */
export async function submitBulk({ body, idempotencyKey }: SubmitBulkVariables): Promise<Bulk> {
  const answer = await api.post('/meridian/bulk/bulk_payout', {
    host: 'bulk',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: FILE_TIMEOUT_MS,
  });
  return Bulk.parse(answer);
}

export function useSubmitBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['flow', 'bulk', 'submit'],
    mutationFn: submitBulk,
    // The upload screen shows the server's message and row errors itself.
    meta: { errorToast: false } satisfies MutationMeta,
    // Money moved and a bulk appeared: every cached answer may be out of date (balances, lists, overview).
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** A bulk is final once it is COMPLETED (with or without failures), FAILED, or REJECTED by an approver. */
export const isBulkFinal = (status: Bulk['status']): boolean =>
  status.startsWith('COMPLETED') || status === 'FAILED' || status === 'REJECTED';

/** How often a bulk waiting for approval is asked for again. */
export const BULK_APPROVAL_POLL_MS = 5_000;

/** GET /{provider}/read/fetch/bulk/{urn}: the bulk with its progress, polled until it is final. */
export const bulkProgressQueryOptions = (urn: string, pollMs = 1_000) =>
  queryOptions({
    queryKey: ['bulks', 'progress', urn] as const,
    queryFn: async ({ signal }) =>
      Bulk.parse(
        await api.get('/meridian/read/fetch/bulk/{urn}', { host: 'read', params: { path: { urn } }, signal }),
      ),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status !== undefined && isBulkFinal(status)) return false;
      // Waiting for an approver may take hours: asked less often until it is approved (then every pollMs).
      return status === 'PENDING_APPROVAL' ? Math.max(pollMs, BULK_APPROVAL_POLL_MS) : pollMs;
    },
    refetchIntervalInBackground: true,
  });

export function useBulkProgress(urn: string, initial: Bulk, pollMs?: number) {
  return useQuery({
    ...bulkProgressQueryOptions(urn, pollMs),
    initialData: initial,
    initialDataUpdatedAt: 0,
  });
}

export type BulkFileKind = 'input' | 'response';

const BULK_FILE_PATHS = {
  input: '/meridian/read/download/bulk/{urn}/input',
  response: '/meridian/read/download/bulk/{urn}/response',
} as const satisfies Record<BulkFileKind, ApiPathFor<'get'>>;

/** GET /{provider}/read/download/bulk/{urn}/input or …/response (CSV or XLSX, as uploaded). */
export function downloadBulkFile(urn: string, kind: BulkFileKind): Promise<Blob> {
  return api.get(BULK_FILE_PATHS[kind], {
    host: 'read',
    params: { path: { urn } },
    parseAs: 'blob',
    timeoutMs: FILE_TIMEOUT_MS,
  });
}

/** The name a downloaded bulk file is saved under. */
export function bulkFileName(urn: string, kind: BulkFileKind, format: BulkFormat): string {
  return `bulk_${urn}_${kind}.${format}`;
}

const TEMPLATE_PATHS = {
  csv: '/meridian/bulk/template.csv',
  xlsx: '/meridian/bulk/template.xlsx',
} as const satisfies Record<BulkFormat, ApiPathFor<'get'>>;

/** GET /{provider}/bulk/template.csv or template.xlsx. */
export function downloadTemplate(format: BulkFormat): Promise<Blob> {
  return api.get(TEMPLATE_PATHS[format], { host: 'bulk', parseAs: 'blob' });
}
