import { and, asc, eq, sql } from 'drizzle-orm';
import type { Account, TransactionCategory } from '@meridian/contract';
import type { z } from 'zod';
import { inTransaction, type Db } from '../db/database.ts';
import { accountNumbers, accounts, ledgerEntries, ledgerPostings, systemAccounts } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { AppError } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import { formatMoney, formatRupees } from '../lib/money.ts';

/** Meridian's sandbox bank: the provider every client account is held with. */
export const SANDBOX_PROVIDER = {
  provider: 'Meridian Sandbox Bank',
  providerCode: 'MRDN',
  ifsc: 'MRDN0000001',
};

/** Meridian's side of every entry. */
export const SYSTEM_ACCOUNTS = {
  /** Money on its way through the banking rail (debited payouts not yet settled, reversals). */
  railClearing: { code: 'RAIL_CLEARING', number: '0000000000001', name: 'Rail clearing' },
  /** Fees Meridian earned (validation fees). */
  feeIncome: { code: 'FEE_INCOME', number: '0000000000002', name: 'Fee income' },
  /** Where client top-ups come from (the client's own bank, outside Meridian). */
  funding: { code: 'CLIENT_FUNDING', number: '0000000000003', name: 'Client funding' },
  /** Money arriving from remitters into virtual accounts (the inbound side of the rail). */
  collections: { code: 'COLLECTIONS_CLEARING', number: '0000000000004', name: 'Collections clearing' },
} as const;
export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

export type AccountRow = typeof accounts.$inferSelect;
type Category = z.infer<typeof TransactionCategory>;

export class InsufficientBalanceError extends AppError {
  constructor(available: bigint | null, needed: bigint) {
    super(
      422,
      'insufficient_balance',
      available === null
        ? `Insufficient balance for ${formatRupees(needed)}`
        : `Insufficient balance: ${formatRupees(available)} available, ${formatRupees(needed)} needed`,
    );
  }
}

/** Creates the system accounts once (idempotent). */
export async function ensureSystemAccounts(db: Db): Promise<void> {
  await db
    .insert(systemAccounts)
    .values(
      Object.values(SYSTEM_ACCOUNTS).map((a) => ({
        code: a.code,
        accountNumber: a.number,
        name: a.name,
        ifsc: SANDBOX_PROVIDER.ifsc,
        provider: SANDBOX_PROVIDER.provider,
        providerCode: SANDBOX_PROVIDER.providerCode,
      })),
    )
    .onConflictDoNothing();
}

/** A client's ledger account: its current account, or the account holding a virtual account's collections. */
export type ClientAccountKind = 'client_current' | 'virtual';

/** The first digits of a new account number, per kind (the rest is random). */
export const ACCOUNT_NUMBER_PREFIX: Record<ClientAccountKind, string> = {
  client_current: '7700',
  virtual: '8800',
};

/**
 * Opens a client account (a current account unless told otherwise) with a fresh 14-digit account number, unique
 * across Meridian: the number is claimed in the `account_numbers` registry first (a clash with another client's
 * number draws again). Inside a caller's transaction it runs as a savepoint of it.
 */
export async function openClientAccount(
  db: Db,
  clientRef: number,
  name: string,
  opts: { kind?: ClientAccountKind; prefix?: string; at?: Date } = {},
): Promise<AccountRow> {
  const kind = opts.kind ?? 'client_current';
  const prefix = opts.prefix ?? ACCOUNT_NUMBER_PREFIX[kind];
  await ensureSystemAccounts(db);
  return inTransaction(db, async (tx) => {
    for (;;) {
      const number = `${prefix}${String(Math.floor(Math.random() * 10 ** (14 - prefix.length))).padStart(14 - prefix.length, '0')}`;
      const [claimed] = await tx
        .insert(accountNumbers)
        .values({ accountNumber: number, clientRef })
        .onConflictDoNothing()
        .returning({ accountNumber: accountNumbers.accountNumber });
      if (!claimed) continue;
      const [row] = await tx
        .insert(accounts)
        .values({
          clientRef,
          kind,
          accountNumber: number,
          name,
          ...SANDBOX_PROVIDER,
          ...(opts.at ? { createdAt: opts.at, updatedAt: opts.at } : {}),
        })
        .returning();
      return row!;
    }
  });
}

export async function clientAccounts(db: Db, clientRef: number): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(and(eq(accounts.clientRef, clientRef), eq(accounts.kind, 'client_current')))
    .orderBy(asc(accounts.id));
}

/** The client's account of this kind (default: a current account) with this number, or null (never another client's). */
export async function clientAccountByNumber(
  db: Db,
  clientRef: number,
  accountNumber: string,
  kind: ClientAccountKind = 'client_current',
): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.clientRef, clientRef),
        eq(accounts.kind, kind),
        eq(accounts.accountNumber, accountNumber),
      ),
    );
  return row ?? null;
}

export const toAccount = (a: AccountRow): z.infer<typeof Account> => ({
  account_number: a.accountNumber,
  ifsc: a.ifsc,
  account_name: a.name,
  provider: a.provider,
  provider_code: a.providerCode,
  currency: 'INR',
  balance: formatMoney(a.balance),
  livemode: livemodeOf(a.clientRef),
  updated_at: a.updatedAt.toISOString(),
});

export type Movement = {
  clientRef: number;
  category: Category;
  description: string;
  /** The client account and the system account on the other side; `amount` > 0 credits the client. */
  clientAccountRef: number;
  counterparty: SystemAccount;
  amount: bigint;
  referenceUrn?: string | null;
  bankReferenceNumber?: string | null;
  customerReferenceNumber?: string | null;
  /** Unique per movement: posting the same key twice is a no-op (jobs may run twice). */
  idempotencyKey: string;
  at?: Date | undefined;
};

/**
 * Posts one balanced entry (client leg + system leg, summing to zero) inside the caller's transaction.
 * The client's balance is updated with a guarded UPDATE, so it can never go negative, even when payouts race:
 * a debit that does not fit throws InsufficientBalanceError and the caller's transaction rolls back.
 * Answers null when an entry with this idempotency key already exists.
 */
export async function post(tx: Db, m: Movement): Promise<{ entryId: string; balanceAfter: bigint } | null> {
  if (m.amount === 0n) throw new Error('a ledger movement needs a non-zero amount');
  const at = m.at ?? null;
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      entryId: newId('TXN', at?.getTime()),
      clientRef: m.clientRef,
      category: m.category,
      description: m.description,
      referenceUrn: m.referenceUrn ?? null,
      bankReferenceNumber: m.bankReferenceNumber ?? null,
      customerReferenceNumber: m.customerReferenceNumber ?? null,
      idempotencyKey: m.idempotencyKey,
      ...(at ? { createdAt: at } : {}),
    })
    .onConflictDoNothing({ target: [ledgerEntries.clientRef, ledgerEntries.idempotencyKey] })
    .returning({ id: ledgerEntries.id, entryId: ledgerEntries.entryId });
  if (!entry) return null;

  const [updated] = await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} + ${m.amount}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(accounts.id, m.clientAccountRef),
        eq(accounts.clientRef, m.clientRef),
        sql`${accounts.balance} + ${m.amount} >= 0`,
      ),
    )
    .returning({ balance: accounts.balance });
  if (!updated) {
    const [current] = await tx
      .select({ balance: accounts.balance })
      .from(accounts)
      .where(and(eq(accounts.clientRef, m.clientRef), eq(accounts.id, m.clientAccountRef)));
    throw new InsufficientBalanceError(current?.balance ?? null, -m.amount);
  }
  // Both legs carry the entry's client, so the entry and its legs live together (on one node, on Citus). The
  // system leg names its account by code: no lookup, and no subquery in the INSERT (which Citus refuses).
  const createdAt = at ?? sql`now()`;
  await tx.insert(ledgerPostings).values([
    {
      clientRef: m.clientRef,
      entryRef: entry.id,
      accountRef: m.clientAccountRef,
      amount: m.amount,
      balanceAfter: updated.balance,
      createdAt,
    },
    {
      clientRef: m.clientRef,
      entryRef: entry.id,
      systemAccount: SYSTEM_ACCOUNTS[m.counterparty].code,
      amount: -m.amount,
      createdAt,
    },
  ]);
  return { entryId: entry.entryId, balanceAfter: updated.balance };
}

/** Sets the bank reference on the entries of a client's payout once the bank answers with it. */
export async function setEntryBankReference(
  tx: Db,
  clientRef: number,
  referenceUrn: string,
  utr: string,
): Promise<void> {
  await tx
    .update(ledgerEntries)
    .set({ bankReferenceNumber: utr })
    .where(
      and(
        eq(ledgerEntries.clientRef, clientRef),
        eq(ledgerEntries.referenceUrn, referenceUrn),
        sql`${ledgerEntries.bankReferenceNumber} IS NULL`,
      ),
    );
}

/** Credits a client's account from outside Meridian (the sandbox's stand-in for an incoming bank transfer). */
export async function topUp(
  db: Db,
  input: { clientRef: number; accountRef: number; amount: bigint; reference: string; at?: Date },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await post(tx, {
      clientRef: input.clientRef,
      clientAccountRef: input.accountRef,
      counterparty: 'funding',
      category: 'TOPUP',
      description: 'Account top-up',
      amount: input.amount,
      bankReferenceNumber: input.reference,
      idempotencyKey: `topup:${input.reference}`,
      at: input.at,
    });
  });
}
