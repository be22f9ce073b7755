import { and, eq, sql } from 'drizzle-orm';
import { RAIL_LIMITS } from '@meridian/contract';
import {
  type CreateVirtualAccount,
  type SimulateCredit,
  type VirtualAccount,
  type VirtualAccountCredit,
} from '@meridian/contract/accounts';
import { auditBy, type Actor } from '../audit/actor.ts';
import { enqueueCallbacks } from '../events/outbox.ts';
import type { Db } from '../db/database.ts';
import { virtualAccountCredits, virtualAccounts } from '../db/schema.ts';
import { livemodeOf, tenantOf } from '../db/tenants.ts';
import { AppError, notFound } from '../http/errors.ts';
import { noEffects, type Effects } from '../jobs/effects.ts';
import { openClientAccount, post, SANDBOX_PROVIDER } from '../ledger/ledger.ts';
import { DEFAULT_TIME_ZONE, dayIn, startOfDay } from '../lists/list-query.ts';
import { newId } from '../lib/ids.ts';
import { formatMoney, formatRupees, toPaise } from '../lib/money.ts';
import { bankReference } from '../rail/sandbox.ts';

export type VirtualAccountRow = typeof virtualAccounts.$inferSelect;
export type CreditRow = typeof virtualAccountCredits.$inferSelect;
/** What a virtual account's answer adds to its row: its ledger balance and what it collected. */
export type VirtualAccountStats = { balance: bigint; totalCollected: bigint; creditsCount: number };

/** Expiry dates are whole days in India: a virtual account expires at the end of its `expires_on`. */
const EXPIRY_TIME_ZONE = DEFAULT_TIME_ZONE;

/** ACTIVE, CLOSED, or EXPIRED (derived: ACTIVE and past `expires_at`). */
export function statusOf(row: Pick<VirtualAccountRow, 'status' | 'expiresAt'>, now = Date.now()) {
  if (row.status === 'CLOSED') return 'CLOSED' as const;
  return row.expiresAt && row.expiresAt.getTime() <= now ? ('EXPIRED' as const) : ('ACTIVE' as const);
}

/** The day a virtual account expires at the end of (YYYY-MM-DD in Asia/Kolkata). */
const expiryDay = (expiresAt: Date) => dayIn(EXPIRY_TIME_ZONE, 0, expiresAt.getTime() - 1);

export const toVirtualAccount = (
  row: VirtualAccountRow,
  stats: VirtualAccountStats,
  now = Date.now(),
): VirtualAccount => ({
  urn: row.urn,
  account_number: row.accountNumber,
  ifsc: row.ifsc,
  upi_id: row.upiId,
  name: row.name,
  customer_id: row.customerId,
  allowed_payers: row.allowedPayers.map((p) => ({ account_number: p.account_number, ifsc: p.ifsc ?? null })),
  expected_amount: row.expectedAmount === null ? null : formatMoney(row.expectedAmount),
  expires_at: row.expiresAt?.toISOString() ?? null,
  status: statusOf(row, now),
  balance: formatMoney(stats.balance),
  total_collected: formatMoney(stats.totalCollected),
  credits_count: stats.creditsCount,
  livemode: livemodeOf(row.clientRef),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const toCredit = (
  row: CreditRow,
  va: Pick<VirtualAccountRow, 'accountNumber' | 'customerId'>,
): VirtualAccountCredit => ({
  urn: row.urn,
  virtual_account_number: va.accountNumber,
  customer_id: va.customerId,
  amount: formatMoney(row.amount),
  mode: row.mode as VirtualAccountCredit['mode'],
  bank_reference_number: row.utr,
  remitter_name: row.remitterName,
  remitter_account_number: row.remitterAccountNumber,
  remitter_ifsc: row.remitterIfsc,
  remitter_upi_id: row.remitterUpiId,
  status: row.status as VirtualAccountCredit['status'],
  return_reason: row.returnReason,
  transaction_id: row.entryId,
  livemode: livemodeOf(row.clientRef),
  created_at: row.createdAt.toISOString(),
});

const unprocessable = (key: string, message: string, fields?: Record<string, string>) =>
  new AppError(422, key, message, fields ? { fields } : undefined);

/** The stats of one virtual account (its ledger balance and CREDITED credits). */
export async function statsOf(db: Db, row: VirtualAccountRow): Promise<VirtualAccountStats> {
  const [stats] = await db
    .select({
      total: sql<string>`coalesce(sum(${virtualAccountCredits.amount}), 0)::text`,
      n: sql<number>`count(*)::int`,
      balance: sql<string>`(SELECT balance FROM accounts a WHERE a.client_ref = ${row.clientRef} AND a.id = ${row.accountRef})::text`,
    })
    .from(virtualAccountCredits)
    .where(
      and(
        eq(virtualAccountCredits.clientRef, row.clientRef),
        eq(virtualAccountCredits.virtualAccountRef, row.id),
        eq(virtualAccountCredits.status, 'CREDITED'),
      ),
    );
  return {
    balance: BigInt(stats?.balance ?? '0'),
    totalCollected: BigInt(stats?.total ?? '0'),
    creditsCount: stats?.n ?? 0,
  };
}

/**
 * Opens a virtual account: a ledger account of kind `virtual` with a fresh 8800… number (claimed in the
 * Meridian-wide registry), Meridian's IFSC and a UPI id on it; audited. In the caller's transaction.
 */
export async function createVirtualAccount(
  tx: Db,
  actor: Actor,
  input: CreateVirtualAccount,
  opts: { at?: Date } = {},
): Promise<VirtualAccount> {
  const at = opts.at ?? new Date();
  let expiresAt: Date | null = null;
  if (input.expires_on) {
    if (input.expires_on < dayIn(EXPIRY_TIME_ZONE, 0, at.getTime()))
      throw unprocessable('expiry_in_past', `expires_on ${input.expires_on} is in the past`, {
        expires_on: 'is in the past',
      });
    const next = new Date(Date.parse(`${input.expires_on}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    expiresAt = startOfDay(next, EXPIRY_TIME_ZONE);
  }
  const expectedAmount =
    input.expected_amount === undefined ? null : toPaise(input.expected_amount, 'expected_amount');
  if (expectedAmount !== null && expectedAmount < 100n)
    throw unprocessable('expected_amount_too_small', 'An expected amount is at least ₹1.00', {
      expected_amount: 'is below ₹1.00',
    });
  await tenantOf(tx, actor.clientRef); // the demo seed calls this too
  const account = await openClientAccount(tx, actor.clientRef, input.name, {
    kind: 'virtual',
    ...(opts.at ? { at: opts.at } : {}),
  });
  const [row] = await tx
    .insert(virtualAccounts)
    .values({
      clientRef: actor.clientRef,
      urn: newId('VA', at.getTime()),
      accountRef: account.id,
      accountNumber: account.accountNumber,
      ifsc: SANDBOX_PROVIDER.ifsc,
      upiId: `${SANDBOX_PROVIDER.providerCode.toLowerCase()}.${account.accountNumber}@meridian`,
      name: input.name,
      customerId: input.customer_id,
      allowedPayers: (input.allowed_payers ?? []).map((p) => ({
        account_number: p.account_number,
        ifsc: p.ifsc ?? null,
      })),
      expectedAmount,
      expiresAt,
      ...(opts.at ? { createdAt: opts.at, updatedAt: opts.at } : {}),
    })
    .returning();
  const answer = toVirtualAccount(row!, { balance: 0n, totalCollected: 0n, creditsCount: 0 }, at.getTime());
  await auditBy(tx, actor, 'virtual_account.created', answer.urn, {
    account_number: answer.account_number,
    customer_id: answer.customer_id,
    allowed_payers: answer.allowed_payers.length,
    expected_amount: answer.expected_amount,
    expires_at: answer.expires_at,
  });
  return answer;
}

/** The client's virtual account of that number, locked (for update, or for share while a credit is recorded); 404 if none. */
async function lockedVirtualAccount(
  tx: Db,
  clientRef: number,
  accountNumber: string,
  lock: 'update' | 'share' = 'update',
) {
  const [row] = await tx
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.clientRef, clientRef), eq(virtualAccounts.accountNumber, accountNumber)))
    .for(lock);
  if (!row) throw notFound(`No virtual account ${accountNumber}`);
  return row;
}

/**
 * Closes (credits are returned from then on) or reopens a virtual account; audited. Closing a closed one, or
 * reopening one that is not closed or has expired, is 422.
 */
export async function setVirtualAccountOpen(
  db: Db,
  actor: Actor,
  accountNumber: string,
  open: boolean,
): Promise<VirtualAccount> {
  return db.transaction(async (tx) => {
    const row = await lockedVirtualAccount(tx, actor.clientRef, accountNumber);
    const now = Date.now();
    const status = statusOf(row, now);
    if (!open && status === 'CLOSED')
      throw unprocessable('virtual_account_closed', `Virtual account ${accountNumber} is already closed`);
    if (open && status !== 'CLOSED')
      throw unprocessable(
        status === 'EXPIRED' ? 'virtual_account_expired' : 'virtual_account_active',
        status === 'EXPIRED'
          ? `Virtual account ${accountNumber} expired on ${expiryDay(row.expiresAt!)} and cannot be reopened`
          : `Virtual account ${accountNumber} is not closed`,
      );
    if (open && row.expiresAt && row.expiresAt.getTime() <= now)
      throw unprocessable(
        'virtual_account_expired',
        `Virtual account ${accountNumber} expired on ${expiryDay(row.expiresAt)} and cannot be reopened`,
      );
    const [updated] = await tx
      .update(virtualAccounts)
      .set({ status: open ? 'ACTIVE' : 'CLOSED', closedAt: open ? null : sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(virtualAccounts.clientRef, row.clientRef), eq(virtualAccounts.id, row.id)))
      .returning();
    await auditBy(tx, actor, open ? 'virtual_account.reopened' : 'virtual_account.closed', row.urn, {
      account_number: row.accountNumber,
    });
    return toVirtualAccount(updated!, await statsOf(tx, updated!), now);
  });
}

/** Checks the rail's limits for an inbound credit of this mode (422 `amount_out_of_range`). */
export function checkCreditLimits(mode: SimulateCredit['mode'], amount: bigint): void {
  const { min, max } = RAIL_LIMITS[mode];
  if (amount < BigInt(min) || (max !== null && amount > BigInt(max)))
    throw unprocessable(
      'amount_out_of_range',
      max === null
        ? `${mode} credits start at ${formatRupees(min)}`
        : `${mode} credits are ${formatRupees(min)} to ${formatRupees(max)}`,
      { amount: `is outside the limits of ${mode}` },
    );
}

/** Why the sandbox rail returns this credit to the remitter, or null when it is credited (docs/using/virtual-accounts.md). */
export function returnReason(
  va: VirtualAccountRow,
  input: SimulateCredit,
  amount: bigint,
  at: number,
): string | null {
  const status = statusOf(va, at);
  if (status === 'CLOSED') return 'Virtual account is closed';
  if (status === 'EXPIRED') return `Virtual account expired on ${expiryDay(va.expiresAt!)}`;
  if (va.allowedPayers.length) {
    const allowed =
      input.mode !== 'UPI' &&
      va.allowedPayers.some(
        (p) =>
          p.account_number === input.remitter_account_number &&
          (!p.ifsc || p.ifsc === input.remitter_ifsc?.toUpperCase()),
      );
    if (!allowed) return 'Payer is not allowed for this virtual account';
  }
  if (va.expectedAmount !== null && va.expectedAmount !== amount)
    return `Expected ${formatRupees(va.expectedAmount)}, received ${formatRupees(amount)}`;
  return null;
}

export type CreditResult = { credit: VirtualAccountCredit; duplicate: boolean; effects: Effects };

/**
 * Money arriving in one of the client's virtual accounts on the sandbox rail, in one transaction: the credit is
 * recorded (its UTR claimed: a UTR seen again answers the first record, `duplicate`, and moves nothing), then
 * CREDITED (posted to the virtual account's ledger account against collections clearing) or RETURNED to the
 * remitter by the rules of `returnReason` (nothing posted); either way a callback is queued and the credit is
 * audited. Out-of-limit amounts for the mode are 422 before anything. The demo seed calls this too (`at`).
 */
export async function receiveCredit(
  db: Db,
  actor: Actor,
  input: SimulateCredit,
  opts: { at?: Date } = {},
): Promise<CreditResult> {
  const amount = toPaise(input.amount);
  checkCreditLimits(input.mode, amount);
  const at = opts.at ?? new Date();
  const urn = newId('VAC', at.getTime());
  // A fresh reference in the rail's format for the mode when the caller gives none: two identical requests
  // without a UTR are two credits.
  const utr = (input.utr ?? bankReference(input.mode, newId('UTR'), at)).toUpperCase();
  await tenantOf(db, actor.clientRef); // the demo seed calls this too
  return db.transaction(async (tx) => {
    const va = await lockedVirtualAccount(tx, actor.clientRef, input.virtual_account_number, 'share');
    const reason = returnReason(va, input, amount, at.getTime());
    const arrived = { input, amount, urn, utr, reason, at: opts.at };
    const row = await insertCredit(tx, actor.clientRef, va, arrived);
    if (!row) {
      const first = await creditOfUtr(tx, actor.clientRef, utr);
      return { credit: first, duplicate: true, effects: noEffects() };
    }
    const credit = toCredit(reason ? row : await postCollection(tx, va, row, arrived), va);
    const callbacks = await announceCredit(tx, actor, credit, arrived);
    return { credit, duplicate: false, effects: { ...noEffects(), callbacks } };
  });
}

/** A credit as it arrived: its amount in paise, urn and UTR, and why it is returned (null: credited). */
type ArrivedCredit = {
  input: SimulateCredit;
  amount: bigint;
  urn: string;
  utr: string;
  reason: string | null;
  at: Date | undefined;
};

/** Records the credit, its UTR claimed: nothing (undefined) when the client's UTR was seen before. */
async function insertCredit(
  tx: Db,
  clientRef: number,
  va: VirtualAccountRow,
  { input, amount, urn, utr, reason, at }: ArrivedCredit,
): Promise<CreditRow | undefined> {
  const [row] = await tx
    .insert(virtualAccountCredits)
    .values({
      clientRef,
      urn,
      virtualAccountRef: va.id,
      utr,
      mode: input.mode,
      amount,
      remitterName: input.remitter_name,
      remitterAccountNumber: input.mode === 'UPI' ? null : (input.remitter_account_number ?? null),
      remitterIfsc: input.mode === 'UPI' ? null : (input.remitter_ifsc?.toUpperCase() ?? null),
      remitterUpiId: input.mode === 'UPI' ? (input.remitter_upi_id?.toLowerCase() ?? null) : null,
      status: reason ? 'RETURNED' : 'CREDITED',
      returnReason: reason,
      ...(at ? { createdAt: at } : {}),
    })
    .onConflictDoNothing({ target: [virtualAccountCredits.clientRef, virtualAccountCredits.utr] })
    .returning();
  return row;
}

/** The first credit of a UTR seen again, with its virtual account. */
async function creditOfUtr(tx: Db, clientRef: number, utr: string): Promise<VirtualAccountCredit> {
  const [first] = await tx
    .select({ credit: virtualAccountCredits, va: virtualAccounts })
    .from(virtualAccountCredits)
    .innerJoin(
      virtualAccounts,
      and(
        eq(virtualAccounts.clientRef, virtualAccountCredits.clientRef),
        eq(virtualAccounts.id, virtualAccountCredits.virtualAccountRef),
      ),
    )
    .where(and(eq(virtualAccountCredits.clientRef, clientRef), eq(virtualAccountCredits.utr, utr)));
  return toCredit(first!.credit, first!.va);
}

/** Posts a credited amount to the virtual account's ledger account against collections clearing: the row with its entry. */
async function postCollection(
  tx: Db,
  va: VirtualAccountRow,
  row: CreditRow,
  { input, amount, urn, utr, at }: ArrivedCredit,
): Promise<CreditRow> {
  const posted = await post(tx, {
    clientRef: row.clientRef,
    clientAccountRef: va.accountRef,
    counterparty: 'collections',
    category: 'COLLECTION',
    description: `Collection from ${input.remitter_name} (${input.mode})`,
    amount,
    referenceUrn: urn,
    bankReferenceNumber: utr,
    idempotencyKey: `collection:${utr}`,
    at,
  });
  if (!posted) return row;
  const [withEntry] = await tx
    .update(virtualAccountCredits)
    .set({ entryId: posted.entryId })
    .where(and(eq(virtualAccountCredits.clientRef, row.clientRef), eq(virtualAccountCredits.id, row.id)))
    .returning();
  return withEntry!;
}

/** The credit's callback (queued) and its audit record: the callbacks to deliver. */
async function announceCredit(
  tx: Db,
  actor: Actor,
  credit: VirtualAccountCredit,
  { urn, utr, reason }: ArrivedCredit,
) {
  const callbacks = await enqueueCallbacks(tx, {
    clientRef: actor.clientRef,
    eventType: 'VIRTUAL_ACCOUNT_CREDIT',
    event: `virtual_account.${credit.status.toLowerCase()}`,
    subjectUrn: urn,
    data: credit,
  });
  await auditBy(tx, actor, `virtual_account.${credit.status.toLowerCase()}`, urn, {
    virtual_account_number: credit.virtual_account_number,
    amount: credit.amount,
    mode: credit.mode,
    bank_reference_number: utr,
    return_reason: reason,
  });
  return callbacks;
}
