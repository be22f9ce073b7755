import type { Json, Operation, Paths } from './openapi-types.ts';

/** The media types of the files the API answers (without parameters such as the charset). */
export const FILE_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json',
  pdf: 'application/pdf',
  eventStream: 'text/event-stream',
} as const;

/** The schema of a file's content in the document. */
function fileSchema(type: string): Json {
  if (type === FILE_TYPES.json)
    return { type: 'array', description: 'The rows, one object each.', items: { type: 'object' } };
  if (type === FILE_TYPES.csv || type === FILE_TYPES.eventStream) return { type: 'string' };
  return { type: 'string', format: 'binary' };
}

/** The 200 of a route that answers a file (or a stream), one content per media type. */
function fileResponse(types: readonly string[]): Json {
  return {
    description:
      types.length > 1
        ? 'The file, in the media type of the format asked for (with a Content-Disposition file name).'
        : types[0] === FILE_TYPES.eventStream
          ? 'The stream of events.'
          : 'The file (with a Content-Disposition file name).',
    content: Object.fromEntries(types.map((t) => [t, { schema: fileSchema(t) }])),
  };
}

/** The 202 of an export too big to answer at once: the report queued instead. */
const QUEUED_EXPORT: Json = {
  description:
    'Too many rows to answer at once: the report of the same rows was queued (download it when READY).',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['report_urn', 'status'],
        properties: { report_urn: { type: 'string' }, status: { type: 'string', const: 'QUEUED' } },
      },
    },
  },
};

/** A query parameter that names the record an operation reads within (a list of one account's postings). */
const NAMES_A_RECORD = /(^|_)(urn|account_number)$/;

/** What each error status means, in the shared `#/components/responses/E<status>`. */
const ERROR_TEXT: Record<number, string> = {
  400: 'The request is not valid (the fields are named in `fields`).',
  401: 'No valid credentials (missing, expired or revoked).',
  402: 'Not enough prepaid credits to pay for the call (`Insufficient credits`).',
  403: 'Not allowed: the `client_id` header does not match the credentials, a role or feature is missing, or live mode is not on yet (`live_mode_not_enabled`).',
  404: 'Nothing with this identifier belongs to the client.',
  406: 'The `Accept` header does not allow what this endpoint answers.',
  409: 'Conflicts with the current state (or a request with the same Idempotency-Key is still in flight).',
  410: 'Gone: the file was kept for its time and has been deleted.',
  413: 'The body is too large.',
  415: 'The content type is not supported.',
  422: 'Well-formed but refused by a business rule (or the Idempotency-Key was used with another body).',
  429: 'Too many requests: wait for the `retry-after` seconds.',
  500: 'An error of ours (logged with the request id).',
  503: 'Temporarily unavailable (the database could not be reached for a moment, or a dependency is down): retry after `retry-after` seconds.',
};

/**
 * The error statuses of an operation: 400 (validation), 500 and 503 everywhere, 401 and 403 when secured, 404 when
 * the path or a required query parameter names a record, 413 and 415 with a body, 409 and 422 with an
 * Idempotency-Key, and the ones its route adds.
 */
function errorStatuses(op: Operation): Set<number> {
  const statuses = new Set([400, 500, 503, ...(op['x-meridian-errors'] ?? [])]);
  if ((op.security?.length ?? 0) > 0) [401, 403].forEach((s) => statuses.add(s));
  if (
    op.parameters?.some(
      (p) => p.in === 'path' || (p.in === 'query' && p.required && NAMES_A_RECORD.test(p.name)),
    )
  )
    statuses.add(404);
  // fastify refuses a body over the route's limit (413) or of a type the route does not parse (415)
  if (op.requestBody) [413, 415].forEach((s) => statuses.add(s));
  // Idempotent creation: a request still in flight is a 409, the same key with another body a 422.
  if (op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'))
    [409, 422].forEach((s) => statuses.add(s));
  return statuses;
}

/** The media types an export answers: a GET whose `format` query parameter lists file formats. */
function exportTypes(op: Operation, method: string): string[] | undefined {
  const format = op.parameters?.find((p) => p.in === 'query' && p.name === 'format')?.schema?.enum;
  return method === 'get' && format?.length && format.every((f) => typeof f === 'string' && f in FILE_TYPES)
    ? format.map((f) => FILE_TYPES[f as keyof typeof FILE_TYPES])
    : undefined;
}

/** An operation's answers: its file (or export) 200, the 202 of a queued export, and its error statuses. */
export function completeResponses(op: Operation, method: string): void {
  const statuses = errorStatuses(op);
  op.responses ??= {};
  const exported = exportTypes(op, method);
  const files = op['x-meridian-files'] ?? exported;
  if (files) op.responses['200'] = fileResponse(files);
  if (exported) op.responses['202'] ??= QUEUED_EXPORT;
  for (const status of [...statuses].sort()) {
    op.responses[String(status)] ??= { $ref: `#/components/responses/E${status}` };
  }
  delete op['x-meridian-errors'];
  delete op['x-meridian-files'];
}

/** `#/components/responses`: one error response per status the operations refer to. */
export function errorResponses(paths: Paths): Json {
  const allStatuses = new Set<number>();
  JSON.stringify(paths, (_k, v: unknown) => {
    if (typeof v === 'string') {
      const m = /^#\/components\/responses\/E(\d{3})$/.exec(v);
      if (m) allStatuses.add(Number(m[1]));
    }
    return v;
  });
  return Object.fromEntries(
    [...allStatuses].sort().map((s) => [
      `E${s}`,
      {
        description: ERROR_TEXT[s] ?? 'An error.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}
