import { z } from 'zod';
import {
  ACCOUNT_NUMBER_PATTERN,
  AMOUNT_PATTERN,
  CODE_PATTERN,
  IFSC_PATTERN,
  Money,
  NAME_PATTERN,
  RAIL_LIMITS,
  REFERENCE_PATTERN,
  TRANSFER_TYPES,
  TransferType,
} from './flow.ts';
import { defineList, readPaths } from './lists.ts';
import { livemodeField } from './modes.ts';

/**
 * Bulk payouts: a CSV or XLSX file (or JSON rows) of payouts, every row checked before submit, then processed
 * row by row into payouts through the same service as single payouts.
 *
 * Imported as `@meridian/contract/bulk`, not through the index: only /flow/bulk-upload and
 * /flow/bulk-capabilities use these schemas.
 *
 * Paths (`{provider}` is the provider slug):
 * - `GET  /{provider}/bulk/template.csv`, `GET /{provider}/bulk/template.xlsx` — headers + 2 example rows;
 * - `POST /{provider}/bulk/validate` — multipart `file` (CSV or XLSX, told apart by content) or JSON
 *   `BulkRowsRequest`; answers `BulkValidation` (200 even when rows have errors; 400/413 for an unreadable file,
 *   wrong headers or a broken limit);
 * - `POST /{provider}/bulk/bulk_payout` — the same inputs plus an `Idempotency-Key` header; answers `Bulk`
 *   (201), or 422 `bulk_invalid` when any row or file error (`fields`: `rows.<row>.<column>` → message and
 *   `file.<code>` → message, the first 100; the client fixes or drops rows after `…/validate`); 403
 *   `feature_disabled` when the client's `bulk_frontend_payout` flag is off;
 * - `GET  /{provider}/read/search/bulk/payouts`, `…/count/bulk/payouts`, `…/export/bulk/payouts` — bulks;
 * - `GET  /{provider}/read/search/bulk/line_items?bulk_urn=…`, `…/count/…`, `…/export/…` — one bulk's rows;
 * - `GET  /{provider}/read/fetch/bulk/{urn}` — one bulk with its progress (for polling);
 * - `GET  /{provider}/read/download/bulk/{urn}/input` — the uploaded file as it came;
 * - `GET  /{provider}/read/download/bulk/{urn}/response` — every row with its payout urn, status, UTR or failure
 *   reason, in the format uploaded (CSV or XLSX).
 */

/** The columns of a bulk file, in the templates' order. Headers are matched trimmed and case-blind. */
export const BULK_COLUMNS = [
  'customer_reference_number',
  'beneficiary_code',
  'beneficiary_account_number',
  'ifsc_code',
  'beneficiary_name',
  'amount',
  'transfer_type',
  'purpose_message',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

/** The columns a file must have; the others may be left out of the header. */
export const BULK_REQUIRED_COLUMNS = [
  'customer_reference_number',
  'amount',
  'transfer_type',
  'purpose_message',
] as const satisfies readonly BulkColumn[];

/** The response file's columns after the input's. */
export const BULK_RESPONSE_COLUMNS = [
  ...BULK_COLUMNS,
  'payout_urn',
  'status',
  'bank_reference_number',
  'failure_reason',
] as const;

/**
 * Error keys (`error` of the error answer) of a file that cannot be read at all; `fields.file` (or
 * `fields.<column>` for headers) names the problem. Row problems are never these: they are in the answer's rows.
 */
export const BULK_FILE_ERRORS = {
  /** 400: no file part / no rows. */
  empty: 'bulk_file_empty',
  /** 400: neither an XLSX (zip) nor UTF-8 text without NUL bytes, or a CSV/XLSX that does not parse. */
  unreadable: 'bulk_file_unreadable',
  /** 400: a required column is missing, a column is unknown or repeated; `fields` names the column. */
  headers: 'bulk_file_headers',
  /** 400: more than `BULK_LIMITS.rows` data rows. */
  tooManyRows: 'bulk_too_many_rows',
  /** 413: more than `BULK_LIMITS.bytes`. */
  tooLarge: 'bulk_file_too_large',
} as const;

/** At most this many data rows (the header not counted) and bytes per file. */
export const BULK_LIMITS = { rows: 10_000, bytes: 5 * 1024 * 1024 } as const;

/** The longest cell the server reads; a longer one is a row error. */
export const BULK_CELL_MAX = 200;

/** A cell starting with one of these is a spreadsheet formula: refused (payments take no formulas). */
export const FORMULA_PREFIXES = ['=', '+', '-', '@'] as const;
export const isFormulaLike = (v: string): boolean =>
  v.length > 0 && (FORMULA_PREFIXES as readonly string[]).includes(v[0]!);

export const BULK_FORMATS = ['csv', 'xlsx'] as const;
export const BulkFormat = z.enum(BULK_FORMATS);
export type BulkFormat = z.infer<typeof BulkFormat>;

/**
 * QUEUED (stored, waiting for the worker) → PROCESSING (rows being made into payouts, or payouts still on the rail)
 * → COMPLETED (every row's payout succeeded), COMPLETED_WITH_ERRORS (some rows were refused or their payouts
 * failed or were returned) or FAILED (no row was paid). A bulk is never COMPLETED… while one of its payouts is
 * PENDING.
 */
export const BULK_STATUSES = [
  'QUEUED',
  'PROCESSING',
  'COMPLETED',
  'COMPLETED_WITH_ERRORS',
  'FAILED',
  /** A `bulk` approval rule holds it: not processed (no payout, no money) until approved, then QUEUED. */
  'PENDING_APPROVAL',
  /** Rejected, or its approval expired: no row was processed; every row is REJECTED with why. */
  'REJECTED',
] as const;
export const BulkStatus = z.enum(BULK_STATUSES);
export type BulkStatus = z.infer<typeof BulkStatus>;

/**
 * A row: PENDING (not processed yet) → PROCESSING (its payout was created and is on the rail) → SUCCESS or
 * FAILURE (the payout's outcome, FAILURE also when it was returned); REJECTED: the payouts service refused the
 * row (e.g. the balance ran out) and no payout exists — `failure_reason` says why.
 */
export const BULK_LINE_STATUSES = ['PENDING', 'PROCESSING', 'SUCCESS', 'FAILURE', 'REJECTED'] as const;
export const BulkLineStatus = z.enum(BULK_LINE_STATUSES);
export type BulkLineStatus = z.infer<typeof BulkLineStatus>;

// ---------------------------------------------------------------------------------------------------------
// Rows

/** A row as read from a file or sent as JSON: every cell a string (absent or empty = blank). */
export const BulkRowCells = z.object(
  Object.fromEntries(BULK_COLUMNS.map((c) => [c, z.string().max(1000).optional()])) as Record<
    BulkColumn,
    z.ZodOptional<z.ZodString>
  >,
);
export type BulkRowCells = z.infer<typeof BulkRowCells>;

const blank = z.literal('').optional();
const text = (max: number, pattern: RegExp, message: string) =>
  z.string().trim().max(max, message).regex(pattern, message);

/** Rupees "1250.50" → paise, or null when not an amount. */
export const bulkAmountPaise = (v: string): number | null => {
  const s = v.trim();
  if (!AMOUNT_PATTERN.test(s)) return null;
  const [r, f = ''] = s.split('.');
  return Number(r) * 100 + Number(f.padEnd(2, '0'));
};

/**
 * One row's checks that need no data: the browser's grid and the server use this same schema. A row names its
 * beneficiary either by `beneficiary_code` (a saved beneficiary) or by `beneficiary_account_number` + `ifsc_code`
 * + `beneficiary_name` (an account paid directly; not for UPI). The amount must be within the rail's limits
 * (`RAIL_LIMITS`). Errors are keyed by column. Checks that need data (unknown or inactive beneficiary, a
 * reference already used, the balance) are the server's.
 */
export const BulkRow = z
  .object({
    customer_reference_number: text(40, REFERENCE_PATTERN, 'A reference is 1 to 40 letters, digits, _ or -'),
    beneficiary_code: z.union([
      blank,
      text(32, CODE_PATTERN, 'A beneficiary code is 3 to 32 letters, digits, _ or -'),
    ]),
    beneficiary_account_number: z.union([
      blank,
      text(18, ACCOUNT_NUMBER_PATTERN, 'An account number is 9 to 18 digits'),
    ]),
    ifsc_code: z.union([
      blank,
      z
        .string()
        .trim()
        .max(11, 'An IFSC is 11 characters: 4 letters, a zero, then 6 letters or digits')
        .transform((v) => v.toUpperCase())
        .pipe(
          z
            .string()
            .regex(IFSC_PATTERN, 'An IFSC is 11 characters: 4 letters, a zero, then 6 letters or digits'),
        ),
    ]),
    beneficiary_name: z.union([
      blank,
      text(100, NAME_PATTERN, "A name is 2 to 100 letters, spaces and . ' & -"),
    ]),
    amount: z
      .string()
      .trim()
      .max(16, 'Enter an amount in rupees with at most two decimals, e.g. 1250.00')
      .regex(AMOUNT_PATTERN, 'Enter an amount in rupees with at most two decimals, e.g. 1250.00'),
    transfer_type: z
      .string()
      .trim()
      .max(8, `One of ${TRANSFER_TYPES.join(', ')}`)
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(TRANSFER_TYPES, { error: `One of ${TRANSFER_TYPES.join(', ')}` })),
    purpose_message: z
      .string()
      .trim()
      .min(1, 'Enter the purpose of the payout')
      .max(100, 'At most 100 characters'),
  })
  .superRefine(
    (v, ctx) => {
      // Runs even when a field failed (`when` below) so that the grid shows every error at once: fields are read
      // as the raw strings they may still be.
      const raw = v as unknown as Record<string, unknown>;
      const s = (c: BulkColumn) => (typeof raw[c] === 'string' ? (raw[c] as string).trim() : '');
      const issue = (path: BulkColumn, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      const direct = (['beneficiary_account_number', 'ifsc_code', 'beneficiary_name'] as const).filter(s);
      const transferType = s('transfer_type').toUpperCase();
      if (s('beneficiary_code')) {
        for (const c of direct) issue(c, 'Leave blank when a beneficiary code is given');
      } else if (direct.length === 0) {
        issue('beneficiary_code', 'Give a beneficiary code, or an account number, IFSC and name');
      } else {
        if (!s('beneficiary_account_number')) issue('beneficiary_account_number', 'Enter the account number');
        if (!s('ifsc_code')) issue('ifsc_code', 'Enter the IFSC');
        if (!s('beneficiary_name')) issue('beneficiary_name', 'Enter the beneficiary’s name');
        if (transferType === 'UPI')
          issue('transfer_type', 'UPI needs a saved beneficiary with a UPI id: give its beneficiary code');
      }
      const paise = bulkAmountPaise(s('amount'));
      if (paise !== null && (TRANSFER_TYPES as readonly string[]).includes(transferType)) {
        const { min, max, label } = RAIL_LIMITS[transferType as TransferType];
        if (paise < min || (max !== null && paise > max)) issue('amount', `Outside the limits of ${label}`);
      }
    },
    { when: () => true },
  );
export type BulkRow = z.output<typeof BulkRow>;

/** `POST …/bulk/validate` and `…/bulk/bulk_payout` as JSON (the grid's fixed rows). */
export const BulkRowsRequest = z.object({
  rows: z.array(BulkRowCells).min(1, 'There are no rows').max(BULK_LIMITS.rows),
  /** The account debited; default: the client's current account. */
  sender_account_number: z.string().trim().max(18).regex(ACCOUNT_NUMBER_PATTERN).optional(),
  /** The name the input file is stored under (CSV); default `bulk.csv`. */
  file_name: z.string().trim().min(1).max(200).optional(),
});
export type BulkRowsRequest = z.input<typeof BulkRowsRequest>;
/** Multipart: a `file` part and optionally a `sender_account_number` field. */
export const BULK_FILE_FIELD = 'file';

// ---------------------------------------------------------------------------------------------------------
// Validation answer

export const BulkRowResult = z.object({
  /** 1 for the first data row (the header is not counted; in a spreadsheet it is line `row + 1`). */
  row: z.number().int(),
  values: BulkRowCells,
  /** Column → message; empty when the row is valid. */
  errors: z.record(z.string(), z.string()),
});
export type BulkRowResult = z.infer<typeof BulkRowResult>;

export const BulkTypeTotal = z.object({
  transfer_type: TransferType,
  count: z.number().int(),
  amount: Money,
});

export const BulkFileError = z.object({ code: z.string(), message: z.string() });

export const BulkValidation = z.object({
  file_name: z.string().nullable(),
  format: BulkFormat.nullable(),
  rows: z.array(BulkRowResult),
  summary: z.object({
    total_rows: z.number().int(),
    valid_rows: z.number().int(),
    invalid_rows: z.number().int(),
    /** Over the valid rows. */
    by_transfer_type: z.array(BulkTypeTotal),
    /** Over the valid rows. */
    total_amount: Money,
    sender_account_number: z.string(),
    /** The sender account's balance now. */
    balance: Money,
  }),
  /** Errors of the file as a whole, e.g. `total_above_balance`. Submit refuses when any row or file error. */
  file_errors: z.array(BulkFileError),
});
export type BulkValidation = z.infer<typeof BulkValidation>;

// ---------------------------------------------------------------------------------------------------------
// Bulks and line items

export const Bulk = z.object({
  urn: z.string(),
  file_name: z.string(),
  format: BulkFormat,
  status: BulkStatus,
  sender_account_number: z.string(),
  total_rows: z.number().int(),
  /** Rows whose payout succeeded (line status SUCCESS): only these count as paid. */
  done: z.number().int(),
  /** Rows whose payout was made and is still on the rail (line status PROCESSING): in progress, not paid yet. */
  processing: z.number().int(),
  /** Rows refused (REJECTED) plus rows whose payout failed or was returned (FAILURE). */
  failed: z.number().int(),
  /** Rows not processed yet (PENDING). `done + processing + failed + pending = total_rows`. */
  pending: z.number().int(),
  total_amount: Money,
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  livemode: livemodeField,
});
export type Bulk = z.infer<typeof Bulk>;

export const BulkLineItem = z.object({
  bulk_urn: z.string(),
  row: z.number().int(),
  customer_reference_number: z.string(),
  beneficiary_code: z.string().nullable(),
  beneficiary_name: z.string().nullable(),
  beneficiary_account_number: z.string().nullable(),
  ifsc_code: z.string().nullable(),
  amount: Money,
  transfer_type: TransferType,
  purpose_message: z.string(),
  status: BulkLineStatus,
  payout_urn: z.string().nullable(),
  bank_reference_number: z.string().nullable(),
  failure_reason: z.string().nullable(),
  updated_at: z.string(),
  livemode: livemodeField,
});
export type BulkLineItem = z.infer<typeof BulkLineItem>;

/** The line items list's own query parameter beside the filter and the definition's filters (required). */
export const BulkLineItemsQuery = { bulk_urn: z.string().trim().min(1).max(64) };

/** /flow/bulk-capabilities' list of bulks and its export. */
export const BULK_PAYOUTS_LIST = defineList({
  name: 'bulk_payouts',
  title: 'Bulks',
  noun: 'bulk',
  permission: 'flow.read',
  paths: readPaths('bulk/payouts'),
  searchKeys: [{ key: '{product}_urn', label: 'Bulk URN' }],
  defaultRange: 'last7',
  filters: { status: { kind: 'enum', label: 'Status', values: BULK_STATUSES } },
  columns: [
    { key: 'created_at', label: 'Created', format: 'time', priority: 2 },
    { key: 'urn', header: '{product}_urn', label: 'URN', format: 'code', priority: 1 },
    { key: 'file_name', label: 'File', format: 'text', priority: 1 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'total_rows', label: 'Rows', format: 'number', priority: 2 },
    { key: 'done', label: 'Done', format: 'number', priority: 3 },
    { key: 'processing', label: 'In progress', format: 'number', priority: 3 },
    { key: 'failed', label: 'Failed', format: 'number', priority: 3 },
    { key: 'pending', label: 'Pending', format: 'number', priority: 3 },
    { key: 'total_amount', label: 'Total', format: 'money', priority: 1 },
    { key: 'sender_account_number', label: 'Debit account', format: 'code', priority: 3 },
    { key: 'created_by', label: 'Uploaded by', format: 'text', priority: 3 },
  ],
});

/**
 * One bulk's rows (`bulk_urn`), in row order, and their export: the response file's columns. In line items
 * `{product}_urn` is the row's payout's.
 */
export const BULK_LINE_ITEMS_LIST = defineList({
  name: 'bulk_line_items',
  title: 'Line items',
  noun: 'line item',
  permission: 'flow.read',
  paths: readPaths('bulk/line_items'),
  searchKeys: [
    { key: '{product}_urn', label: 'Payout URN' },
    { key: 'bank_reference_number', label: 'Bank reference (UTR)' },
  ],
  defaultRange: 'last7',
  filters: { status: { kind: 'enum', label: 'Status', values: BULK_LINE_STATUSES } },
  columns: [
    { key: 'row', label: 'Row', format: 'number', priority: 1 },
    { key: 'customer_reference_number', label: 'Customer reference', format: 'code', priority: 3 },
    { key: 'beneficiary_code', label: 'Beneficiary code', format: 'code', priority: 3 },
    { key: 'beneficiary_account_number', label: 'Account number', format: 'code', priority: 3 },
    { key: 'ifsc_code', label: 'IFSC', format: 'code', priority: 3 },
    { key: 'beneficiary_name', label: 'Beneficiary', format: 'text', priority: 1 },
    { key: 'amount', label: 'Amount', format: 'money', priority: 1 },
    { key: 'transfer_type', label: 'Transfer type', format: 'text', priority: 3 },
    { key: 'purpose_message', label: 'Purpose', format: 'text', priority: 3 },
    { key: 'payout_urn', header: '{product}_urn', label: 'Payout URN', format: 'code', priority: 2 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'bank_reference_number', label: 'UTR', format: 'code', priority: 2 },
    { key: 'failure_reason', label: 'Failure reason', format: 'text', priority: 3 },
  ],
});
