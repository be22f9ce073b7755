import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_NUMBER_PATTERN } from '@meridian/contract';
import {
  BULK_COLUMNS,
  BULK_FILE_ERRORS,
  BULK_FILE_FIELD,
  BULK_LIMITS,
  BULK_RESPONSE_COLUMNS,
  Bulk,
  BulkLineItem,
  BULK_LINE_ITEMS_LIST,
  BULK_PAYOUTS_LIST,
  BulkLineItemsQuery,
  BulkRowsRequest,
  BulkValidation,
  type BulkFormat,
} from '@meridian/contract/bulk';
import { z } from 'zod';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import { requireBulkFrontendPayout } from '../features/flags.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { FILE_TYPES } from '../http/openapi.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { checkIdempotencyKey, withIdempotency } from '../idempotency/idempotency.ts';
import type { Effects } from '../jobs/effects.ts';
import { sha256 } from '../lib/ids.ts';
import { registerList } from '../lists/register-list.ts';
import {
  CONTENT_TYPES,
  csvOf,
  responseValues,
  safeFileName,
  templateCsv,
  templateXlsx,
  xlsxStream,
} from './files.ts';
import { emptyFile, readBulkFile, readJsonRows, tooLarge, type ReadRow } from './parse.ts';
import { allLineItems, countBulks, countLineItems, listBulks, listLineItems } from './queries.ts';
import { bulkInputFile, getBulk, storeBulk } from './service.ts';
import { checkRows, invalidBulk } from './validate.ts';
import { mailApprovers } from '../approvals/mail.ts';

/** The input of validate and submit: a multipart file, or JSON rows (stored as a CSV). */
type BulkInput = {
  rows: ReadRow[];
  format: BulkFormat;
  fileName: string;
  content: Buffer;
  senderAccountNumber: string | undefined;
  /** What the Idempotency-Key's body hash covers. */
  fingerprint: unknown;
};

const urnParams = z.object({ urn: z.string().trim().min(1).max(64) });

async function readMultipart(request: FastifyRequest): Promise<BulkInput> {
  let file: { bytes: Buffer; name: string } | null = null;
  let sender: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== BULK_FILE_FIELD || file) {
          part.file.resume();
          throw badRequest(`Send one file, in the part named "${BULK_FILE_FIELD}"`, {
            [part.fieldname.slice(0, 40)]: 'is not expected',
          });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > BULK_LIMITS.bytes) throw tooLarge();
          chunks.push(chunk);
        }
        if (part.file.truncated) throw tooLarge();
        file = { bytes: Buffer.concat(chunks), name: part.filename };
      } else if (part.fieldname === 'sender_account_number') {
        const value = String(part.value).trim();
        if (!ACCOUNT_NUMBER_PATTERN.test(value))
          throw badRequest('An account number is 9 to 18 digits', { sender_account_number: 'is invalid' });
        sender = value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError(
      400,
      BULK_FILE_ERRORS.unreadable,
      `The upload cannot be read: ${(err as Error).message.slice(0, 200)}`,
      { fields: { file: 'cannot be read' } },
    );
  }
  if (!file)
    throw new AppError(400, BULK_FILE_ERRORS.empty, `Attach the file in a part named "${BULK_FILE_FIELD}"`, {
      fields: { [BULK_FILE_FIELD]: 'is required' },
    });
  const read = await readBulkFile(file.bytes);
  const fileName = (file.name || `bulk.${read.format}`).trim().slice(0, 200);
  return {
    rows: read.rows,
    format: read.format,
    fileName,
    content: file.bytes,
    senderAccountNumber: sender,
    fingerprint: { file_sha256: sha256(file.bytes.toString('base64')), file_name: fileName, sender },
  };
}

async function readInput(request: FastifyRequest): Promise<BulkInput> {
  if (request.isMultipart()) return readMultipart(request);
  const body = request.body as z.infer<typeof BulkRowsRequest> | null | undefined;
  if (!body)
    throw badRequest('Send the file as multipart/form-data (part "file") or the rows as JSON', {
      rows: 'is required',
    });
  const rows = readJsonRows(body.rows);
  if (rows.length === 0) throw emptyFile();
  return {
    rows,
    format: 'csv',
    fileName: body.file_name ?? 'bulk.csv',
    content: await csvOf(
      BULK_COLUMNS,
      rows.map((r) => BULK_COLUMNS.map((c) => r.cells[c])),
    ),
    senderAccountNumber: body.sender_account_number,
    fingerprint: body,
  };
}

const fileSchema = { tags: ['bulk'], consumes: ['application/json', 'multipart/form-data'] };

export const bulkRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Reads (bulks, their files, the templates) need flow.read; each write names its own permission.
  defaultPermission(app, 'flow.read');
  await app.register(multipart, {
    limits: { fileSize: BULK_LIMITS.bytes, files: 1, fields: 4, fieldSize: 1000, parts: 6, headerPairs: 50 },
  });
  const p = deps.config.PROVIDER;
  const bodyLimit = 2 * BULK_LIMITS.bytes;

  for (const format of ['csv', 'xlsx'] as const)
    app.get(
      `/${p}/bulk/template.${format}`,
      {
        config: { openapi: { files: [FILE_TYPES[format]] } },
        schema: {
          tags: ['bulk'],
          summary: `The bulk payout template (${format.toUpperCase()}): headers and 2 example rows`,
          description:
            'The file to fill in for a bulk payout: the columns the upload expects, in order, with two example rows to overwrite. The same for every client; a file may hold at most 10,000 rows and 5 MB.',
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="bulk-payouts-template.${format}"`)
          .send(format === 'csv' ? await templateCsv() : await templateXlsx()),
    );

  app.post(
    `/${p}/bulk/validate`,
    {
      config: { permission: 'bulk.create' },
      bodyLimit,
      schema: {
        ...fileSchema,
        summary: 'Check a bulk file (multipart "file": CSV or XLSX) or JSON rows without moving money',
        description:
          "Dry run of a bulk payout: every row (at most 10,000, a file at most 5 MB) is checked as a payout would be (beneficiary, transfer type, amount limits, duplicate references) and the answer lists each row's errors and the totals per transfer type. Nothing is stored; 403 when bulk payouts are off for the client.",
        body: BulkRowsRequest.nullish(),
        response: { 200: BulkValidation },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await requireBulkFrontendPayout(deps.db, auth.clientRef);
      const input = await readInput(request);
      const { validation } = await checkRows(deps.db, auth.clientRef, input.rows, {
        fileName: request.isMultipart() ? input.fileName : null,
        format: request.isMultipart() ? input.format : null,
        senderAccountNumber: input.senderAccountNumber,
      });
      return validation;
    },
  );

  app.post(
    `/${p}/bulk/bulk_payout`,
    {
      config: { permission: 'bulk.create', stepUp: true, openapi: { movesMoney: true } },
      bodyLimit,
      schema: {
        ...fileSchema,
        summary:
          'Submit a bulk payout (Idempotency-Key header required): every row checked again, then processed',
        body: BulkRowsRequest.nullish(),
        description:
          'Stores the file and creates one payout per row, processed in the background in batches (poll the bulk for progress). Every row is checked again first: any invalid row or file error refuses the whole submission with a 422 listing them. A bulk a `bulk` approval rule holds is answered PENDING_APPROVAL: nothing is processed until it is approved as a whole (then QUEUED); rejected or expired it ends REJECTED. The Idempotency-Key header is required (a retry replays the answer); 403 when bulk payouts are off.',
        headers: z.object({ 'idempotency-key': z.string().max(255).optional() }),
        response: { 201: Bulk },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const key = checkIdempotencyKey(request.headers['idempotency-key'], true);
      await requireBulkFrontendPayout(deps.db, actor.clientRef);
      const input = await readInput(request);
      let effects: Effects | null = null;
      let approvalUrn: string | undefined;
      const answer = await withIdempotency(
        deps.db,
        {
          clientRef: actor.clientRef,
          scope: 'bulk_payout',
          key,
          body: input.fingerprint,
          leaseSeconds: deps.config.IDEMPOTENCY_LEASE_SECONDS,
        },
        async (tx) => {
          const checked = await checkRows(tx, actor.clientRef, input.rows, {
            fileName: input.fileName,
            format: input.format,
            senderAccountNumber: input.senderAccountNumber,
          });
          if (checked.validation.summary.invalid_rows || checked.validation.file_errors.length)
            throw invalidBulk(checked.validation);
          const stored = await storeBulk(tx, actor, {
            fileName: input.fileName,
            format: input.format,
            contentType: CONTENT_TYPES[input.format],
            content: input.content,
            accountRef: checked.account.id,
            accountNumber: checked.account.accountNumber,
            rows: checked.valid,
            // An API key's bulk is matched as source 'api', a member's as 'dashboard'.
            approval: {
              source: authOf(request).channel === 'api_key' ? 'api' : 'dashboard',
              ttlHours: deps.config.APPROVAL_TTL_HOURS,
            },
          });
          effects = stored.effects;
          approvalUrn = stored.approvalUrn;
          return { status: 201, body: stored.bulk };
        },
      );
      if (effects) await deps.runEffects(effects);
      else reply.header('idempotent-replayed', 'true');
      if (approvalUrn)
        await mailApprovers(
          deps.db,
          deps.email,
          actor.clientRef,
          approvalUrn,
          deps.publicUrl(request),
          (err) => request.log.error({ err }, 'approval e-mail failed'),
        );
      if (answer.status >= 400) throw AppError.fromStored(answer);
      return reply.status(201).send(answer.body as Bulk);
    },
  );

  app.get(
    `/${p}/read/fetch/bulk/:urn`,
    {
      schema: {
        tags: ['bulk'],
        summary: 'One bulk payout with its progress (poll it while it is processed)',
        description:
          "One of the caller's bulk payouts: its file, sender account, totals and progress (rows done, failed, pending), to poll until it is complete. A urn of another client is a 404.",
        params: urnParams,
        response: { 200: Bulk },
      },
    },
    async (request) => getBulk(deps.db, authOf(request).clientRef, request.params.urn),
  );

  app.get(
    `/${p}/read/download/bulk/:urn/input`,
    {
      config: { openapi: { files: [FILE_TYPES.csv, FILE_TYPES.xlsx] } },
      schema: {
        tags: ['bulk'],
        summary: 'The input file of a bulk payout, as uploaded',
        description:
          'Downloads the file as it was submitted (CSV or XLSX, with its original name), byte for byte, for records or to correct and submit again.',
        params: urnParams,
      },
    },
    async (request, reply) => {
      const file = await bulkInputFile(deps.db, authOf(request).clientRef, request.params.urn);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${safeFileName(file.bulk.fileName)}"`)
        .send(file.content);
    },
  );

  app.get(
    `/${p}/read/download/bulk/:urn/response`,
    {
      config: { openapi: { files: [FILE_TYPES.csv, FILE_TYPES.xlsx] } },
      schema: {
        tags: ['bulk'],
        summary:
          'The response file of a bulk payout: every row with its payout urn, status, UTR or failure reason',
        params: urnParams,
        description:
          "Downloads the submitted rows in the file's own format (CSV or XLSX, streamed) with each row's payout urn, status, bank reference (UTR) or failure reason; download it again once processing is complete for final statuses.",
      },
    },
    async (request, reply) => {
      const { clientRef } = authOf(request);
      const bulk = await getBulk(deps.db, clientRef, request.params.urn);
      const base = safeFileName(bulk.file_name.replace(/\.(csv|xlsx)$/i, ''));
      const rows = async function* () {
        for await (const item of allLineItems(deps.db, clientRef, bulk.urn)) yield responseValues(item);
      };
      reply
        .header('content-type', CONTENT_TYPES[bulk.format])
        .header('content-disposition', `attachment; filename="${base}-response.${bulk.format}"`);
      if (bulk.format === 'xlsx')
        return reply.send(
          xlsxStream(BULK_RESPONSE_COLUMNS, rows(), (err) =>
            request.log.error({ err }, 'XLSX response failed'),
          ),
        );
      const all: (string | null)[][] = [];
      for await (const r of rows()) all.push(r);
      return reply.send(await csvOf(BULK_RESPONSE_COLUMNS, all));
    },
  );

  registerList(app, deps.db, p, {
    list: BULK_PAYOUTS_LIST,
    tag: 'bulk',
    row: Bulk,
    fetch: listBulks,
    count: countBulks,
  });

  registerList(app, deps.db, p, {
    list: BULK_LINE_ITEMS_LIST,
    tag: 'bulk',
    noun: "rows of one of the caller's bulks (`bulk_urn`, 404 when it is not one), in row order",
    row: BulkLineItem,
    query: BulkLineItemsQuery,
    fetch: listLineItems,
    count: countLineItems,
  });
};
