import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BULK_LIMITS,
  BULK_RESPONSE_COLUMNS,
  Bulk,
  BulkLineItem,
  BULK_LINE_ITEMS_LIST,
  BULK_PAYOUTS_LIST,
  BulkLineItemsQuery,
  BulkRowsRequest,
  BulkValidation,
} from '@meridian/contract/bulk';
import type { ApprovalSource } from '@meridian/contract/approvals';
import { z } from 'zod';
import type { Actor } from '../audit/actor.ts';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import type { Db } from '../db/database.ts';
import { requireBulkFrontendPayout } from '../features/flags.ts';
import { AppError } from '../http/errors.ts';
import { FILE_TYPES } from '../http/openapi.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { checkIdempotencyKey, withIdempotency } from '../idempotency/idempotency.ts';
import type { Effects } from '../jobs/effects.ts';
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
import { readInput, type BulkInput } from './input.ts';
import { allLineItems, countBulks, countLineItems, listBulks, listLineItems } from './queries.ts';
import { bulkInputFile, getBulk } from './answer.ts';
import { storeBulk } from './store.ts';
import { checkRows, invalidBulk } from './validate.ts';
import { mailApprovers } from '../approvals/mail.ts';

const urnParams = z.object({ urn: z.string().trim().min(1).max(64) });

const fileSchema = { tags: ['bulk'], consumes: ['application/json', 'multipart/form-data'] };

/** The app as a route plugin receives it (the zod type provider). */
type App = Parameters<FastifyPluginAsyncZod<RouteDeps>>[0];

export const bulkRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Reads (bulks, their files, the templates) need flow.read; each write names its own permission.
  defaultPermission(app, 'flow.read');
  await app.register(multipart, {
    limits: { fileSize: BULK_LIMITS.bytes, files: 1, fields: 4, fieldSize: 1000, parts: 6, headerPairs: 50 },
  });

  registerTemplates(app, deps);
  registerValidate(app, deps);
  registerSubmit(app, deps);
  registerBulkReads(app, deps);
  registerResponseFile(app, deps);
  registerBulkLists(app, deps);
};

/** A file a bulk upload takes at most: twice the file's limit (a multipart body's overhead). */
const bodyLimit = 2 * BULK_LIMITS.bytes;

/** The CSV and XLSX templates. */
function registerTemplates(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
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
}

/** The dry run: every row checked, nothing stored. */
function registerValidate(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
  app.post(
    `/${p}/bulk/validate`,
    {
      config: { permission: 'bulk.create', liveGate: true },
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
}

/** The submission (Idempotency-Key required). */
function registerSubmit(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
  app.post(
    `/${p}/bulk/bulk_payout`,
    {
      config: { permission: 'bulk.create', stepUp: true, liveGate: true, openapi: { movesMoney: true } },
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
    async (request, reply) => submitBulk(deps, request, reply, request.headers['idempotency-key']),
  );
}

/**
 * A bulk submitted once per Idempotency-Key: every row checked again and the bulk stored (or held for approval),
 * its job started after commit and the approvers e-mailed when it waits for them.
 */
async function submitBulk(
  deps: RouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  idempotencyKey: string | undefined,
) {
  const actor = actorOf(request);
  const key = checkIdempotencyKey(idempotencyKey, true);
  await requireBulkFrontendPayout(deps.db, actor.clientRef);
  const input = await readInput(request);
  // An API key's bulk is matched as source 'api', a member's as 'dashboard'.
  const source = authOf(request).channel === 'api_key' ? 'api' : 'dashboard';
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
      const stored = await checkAndStore(tx, deps, actor, input, source);
      effects = stored.effects;
      approvalUrn = stored.approvalUrn;
      return { status: 201, body: stored.bulk };
    },
  );
  if (effects) await deps.runEffects(effects);
  else reply.header('idempotent-replayed', 'true');
  if (approvalUrn)
    await mailApprovers(deps.db, deps.email, actor.clientRef, approvalUrn, deps.publicUrl(request), (err) =>
      request.log.error({ err }, 'approval e-mail failed'),
    );
  if (answer.status >= 400) throw AppError.fromStored(answer);
  return reply.status(201).send(answer.body as Bulk);
}

/** Checks every row again (422 listing the errors of any row or of the file), then stores the bulk. */
async function checkAndStore(
  tx: Db,
  deps: RouteDeps,
  actor: Actor,
  input: BulkInput,
  source: ApprovalSource,
) {
  const checked = await checkRows(tx, actor.clientRef, input.rows, {
    fileName: input.fileName,
    format: input.format,
    senderAccountNumber: input.senderAccountNumber,
  });
  if (checked.validation.summary.invalid_rows || checked.validation.file_errors.length)
    throw invalidBulk(checked.validation);
  return storeBulk(tx, actor, {
    fileName: input.fileName,
    format: input.format,
    contentType: CONTENT_TYPES[input.format],
    content: input.content,
    accountRef: checked.account.id,
    accountNumber: checked.account.accountNumber,
    rows: checked.valid,
    approval: { source, ttlHours: deps.config.APPROVAL_TTL_HOURS },
  });
}

/** One bulk with its progress, and its input file. */
function registerBulkReads(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
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
}

/** The response file: every row with its payout's outcome. */
function registerResponseFile(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
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
}

/** The bulks and a bulk's rows. */
function registerBulkLists(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
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
}
