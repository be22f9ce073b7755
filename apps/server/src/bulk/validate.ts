import { and, eq, inArray, sql } from 'drizzle-orm';
import { BulkRow, type BulkFormat, type BulkRowCells, type BulkValidation } from '@meridian/contract/bulk';
import { TRANSFER_TYPES, type TransferType } from '@meridian/contract';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { accounts, beneficiaries, bulkLineItems, payouts } from '../db/schema.ts';
import { coolingOffRefusal, weakNameMatch } from '../beneficiaries/cooling-off.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { formatMoney, formatRupees, toPaise } from '../lib/money.ts';
import type { ReadRow } from './parse.ts';

type AccountRow = typeof accounts.$inferSelect;
type BeneficiaryRow = typeof beneficiaries.$inferSelect;
type BulkRowData = z.infer<typeof BulkRow>;

/** A valid row, ready to be stored as a line item. */
export type CheckedRow = {
  row: number;
  customerReferenceNumber: string;
  beneficiaryCode: string | null;
  beneficiaryName: string | null;
  beneficiaryAccountNumber: string | null;
  ifsc: string | null;
  amount: bigint;
  transferType: TransferType;
  purposeMessage: string;
  /** Why a bulk paying this row waits for an approver whatever the rules say (`weakNameMatch`), or null. */
  approvalRequired: string | null;
};

export type Checked = { validation: BulkValidation; account: AccountRow; valid: CheckedRow[] };

/** Lookups in chunks: a 10,000-row file is a few queries, not one per row. */
const CHUNK = 5000;
async function chunked<T, R>(items: T[], run: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await run(items.slice(i, i + CHUNK))));
  return out;
}

/** The account a bulk debits: the one named (a current account of the client's), else its first current account. */
export async function senderAccount(db: Db, clientRef: number, accountNumber?: string): Promise<AccountRow> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.clientRef, clientRef),
        eq(accounts.kind, 'client_current'),
        accountNumber ? eq(accounts.accountNumber, accountNumber) : undefined,
      ),
    )
    .orderBy(accounts.id)
    .limit(1);
  if (!account) {
    if (accountNumber)
      throw badRequest('The sender account is not one of your accounts', {
        sender_account_number: 'is not your account',
      });
    throw new AppError(422, 'no_account', 'You have no current account to pay from');
  }
  return account;
}

/** Beneficiaries by lower-cased code. */
async function beneficiariesByCode(db: Db, clientRef: number, codes: string[]) {
  const rows = await chunked([...new Set(codes)], (chunk) =>
    db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.clientRef, clientRef), inArray(sql`lower(${beneficiaries.code})`, chunk))),
  );
  return new Map<string, BeneficiaryRow>(rows.map((b) => [b.code.toLowerCase(), b]));
}

/** References already used: by a payout, or by a row of a bulk not processed yet. */
async function usedReferences(db: Db, clientRef: number, crns: string[]): Promise<Map<string, string>> {
  const used = new Map<string, string>();
  const unique = [...new Set(crns)];
  const paid = await chunked(unique, (chunk) =>
    db
      .select({ crn: payouts.customerReferenceNumber, urn: payouts.urn })
      .from(payouts)
      .where(and(eq(payouts.clientRef, clientRef), inArray(payouts.customerReferenceNumber, chunk))),
  );
  for (const p of paid) used.set(p.crn, `Already used by payout ${p.urn}`);
  const queued = await chunked(unique, (chunk) =>
    db
      .select({ crn: bulkLineItems.customerReferenceNumber })
      .from(bulkLineItems)
      .where(
        and(
          eq(bulkLineItems.clientRef, clientRef),
          eq(bulkLineItems.status, 'PENDING'),
          inArray(bulkLineItems.customerReferenceNumber, chunk),
        ),
      ),
  );
  for (const q of queued)
    if (!used.has(q.crn)) used.set(q.crn, 'Already used by a row of a bulk being processed');
  return used;
}

/** A row as read and checked so far: its cells, the errors found, the contract's parse of it. */
type RowResult = {
  row: number;
  values: BulkRowCells;
  errors: Record<string, string>;
  data: BulkRowData | null;
};

/**
 * Every check of a bulk's rows that moves no money: the contract's row schema (the browser's), then with the
 * client's data in a few batch queries: unknown or inactive beneficiaries, a transfer type the beneficiary cannot
 * take, references repeated in the file or already used, and the total against the sender account's balance.
 */
export async function checkRows(
  db: Db,
  clientRef: number,
  read: ReadRow[],
  input: { fileName: string | null; format: BulkFormat | null; senderAccountNumber?: string | undefined },
): Promise<Checked> {
  const account = await senderAccount(db, clientRef, input.senderAccountNumber);
  const results = read.map(parseRow);
  const firstRowOf = markRepeatedReferences(results);
  const used = await usedReferences(db, clientRef, [...firstRowOf.keys()]);
  const codes = results.flatMap((r) =>
    r.data?.beneficiary_code ? [r.data.beneficiary_code.toLowerCase()] : [],
  );
  const bens = codes.length
    ? await beneficiariesByCode(db, clientRef, codes)
    : new Map<string, BeneficiaryRow>();
  const valid: CheckedRow[] = [];
  for (const r of results) {
    const checked = checkRow(r, used, bens);
    if (checked) valid.push(checked);
  }
  return { validation: validationOf(input, results, valid, account), account, valid };
}

/** A row through the contract's schema: its errors by field (the reader's first). */
function parseRow(r: ReadRow, i: number): RowResult {
  const errors: Record<string, string> = { ...r.errors };
  const parsed = BulkRow.safeParse(r.cells);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      errors[field] ??= issue.message;
    }
  return {
    row: i + 1,
    values: r.cells as BulkRowCells,
    errors,
    data: parsed.success ? parsed.data : null,
  };
}

/** A reference repeated in the file is an error of each row after the first; the first row of each reference. */
function markRepeatedReferences(results: RowResult[]): Map<string, number> {
  const firstRowOf = new Map<string, number>();
  for (const r of results) {
    const crn = r.data?.customer_reference_number ?? r.values.customer_reference_number?.trim();
    if (!crn) continue;
    const first = firstRowOf.get(crn);
    if (first === undefined) firstRowOf.set(crn, r.row);
    else r.errors['customer_reference_number'] ??= `Repeats the reference of row ${first}`;
  }
  return firstRowOf;
}

/** The row against the client's data (a used reference, its beneficiary); the row to store when it has no error. */
function checkRow(
  r: RowResult,
  used: Map<string, string>,
  bens: Map<string, BeneficiaryRow>,
): CheckedRow | null {
  const crn = r.data?.customer_reference_number ?? r.values.customer_reference_number?.trim() ?? '';
  const usedBy = used.get(crn);
  if (usedBy) r.errors['customer_reference_number'] ??= usedBy;
  const d = r.data;
  if (!d) return null;
  let ben: BeneficiaryRow | undefined;
  if (d.beneficiary_code) {
    ben = bens.get(d.beneficiary_code.toLowerCase());
    if (!ben) r.errors['beneficiary_code'] ??= 'Not one of your beneficiaries';
    else if (ben.status !== 'ACTIVE') r.errors['beneficiary_code'] ??= 'This beneficiary is inactive';
    else if (d.transfer_type === 'UPI' ? !ben.upiId : !ben.accountNumber || !ben.ifsc)
      r.errors['transfer_type'] ??=
        d.transfer_type === 'UPI'
          ? 'This beneficiary has no UPI id'
          : `This beneficiary has no bank account for ${d.transfer_type}`;
    else {
      const limited = coolingOffRefusal(ben, toPaise(d.amount));
      if (limited) r.errors['amount'] ??= limited;
    }
  }
  if (Object.keys(r.errors).length) return null;
  return {
    row: r.row,
    customerReferenceNumber: d.customer_reference_number,
    beneficiaryCode: ben ? ben.code : null,
    beneficiaryName: ben ? ben.name : d.beneficiary_name || null,
    beneficiaryAccountNumber: ben ? null : d.beneficiary_account_number || null,
    ifsc: ben ? null : d.ifsc_code || null,
    amount: toPaise(d.amount),
    transferType: d.transfer_type,
    purposeMessage: d.purpose_message,
    approvalRequired: ben ? weakNameMatch(ben) : null,
  };
}

/** The answer of a check: each row's errors, the totals per transfer type, the total against the balance. */
function validationOf(
  input: { fileName: string | null; format: BulkFormat | null },
  results: RowResult[],
  valid: CheckedRow[],
  account: AccountRow,
): BulkValidation {
  const byType = new Map<TransferType, { count: number; amount: bigint }>();
  let total = 0n;
  for (const v of valid) {
    const t = byType.get(v.transferType) ?? { count: 0, amount: 0n };
    t.count++;
    t.amount += v.amount;
    byType.set(v.transferType, t);
    total += v.amount;
  }
  const fileErrors: BulkValidation['file_errors'] = [];
  if (total > account.balance)
    fileErrors.push({
      code: 'total_above_balance',
      message: `The total ${formatRupees(total)} is above the balance of account ${account.accountNumber}, ${formatRupees(account.balance)}`,
    });
  return {
    file_name: input.fileName,
    format: input.format,
    rows: results.map((r) => ({ row: r.row, values: r.values, errors: r.errors })),
    summary: {
      total_rows: results.length,
      valid_rows: valid.length,
      invalid_rows: results.length - valid.length,
      by_transfer_type: TRANSFER_TYPES.filter((t) => byType.has(t)).map((t) => ({
        transfer_type: t,
        count: byType.get(t)!.count,
        amount: formatMoney(byType.get(t)!.amount),
      })),
      total_amount: formatMoney(total),
      sender_account_number: account.accountNumber,
      balance: formatMoney(account.balance),
    },
    file_errors: fileErrors,
  };
}

/** The 422 a submit answers when any row or the file has an error: the first 100 of them in `fields`. */
export function invalidBulk(v: BulkValidation): AppError {
  const fields: Record<string, string> = {};
  let n = 0;
  for (const e of v.file_errors) if (n++ < 100) fields[`file.${e.code}`] = e.message;
  for (const r of v.rows)
    for (const [column, message] of Object.entries(r.errors))
      if (n++ < 100) fields[`rows.${r.row}.${column}`] = message;
  const bad = v.summary.invalid_rows;
  return new AppError(
    422,
    'bulk_invalid',
    bad
      ? `${bad} of ${v.summary.total_rows} rows have errors: fix or remove them, then submit again`
      : (v.file_errors[0]?.message ?? 'The file has errors'),
    { fields },
  );
}
