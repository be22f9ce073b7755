// A bank statement as the three readers give it (camt.053, MT940, bank CSV): the same normalized lines whatever
// the file, so that matching and the balance check never look at a format. Amounts are exact decimal text and
// integer paise (never a float); dates are the bank's local calendar dates (`2025-03-14`), never instants;
// account numbers and references stay the strings the bank wrote (`000401234567`).

/** The file a statement was read from. */
export type StatementFormat = 'camt.053' | 'mt940' | 'csv';

/** Money into the account (`credit`) or out of it (`debit`). */
export type Direction = 'credit' | 'debit';

/**
 * `booked`: on the account's books, counted in the balance and matched. `pending`: anything else the bank shows
 * (camt `PDNG`, `INFO` or a proprietary status): kept for display, never counted nor matched.
 */
export type LineStatus = 'booked' | 'pending';

/** An opening or closing booked balance. */
export interface Balance {
  /** Exact decimal text with two fraction digits, never negative: `1000000.00`. */
  amount: string;
  /** The same in paise, never negative; `direction` says on which side it is. */
  paise: bigint;
  /** `credit` for money held, `debit` for an overdrawn account. */
  direction: Direction;
  /** YYYY-MM-DD, the bank's date of the balance. */
  date: string;
}

/** Who paid us or whom we paid, when the file names them (camt.053 `RltdPties`). */
export interface Counterparty {
  name: string | null;
  account: string | null;
}

/** One entry of a statement. */
export interface StatementLine {
  /** YYYY-MM-DD: the booking (entry) date; the value date when the file gives no other. */
  bookingDate: string;
  /** YYYY-MM-DD: the value date; the booking date when the file gives no other. */
  valueDate: string;
  direction: Direction;
  /** Exact decimal text with two fraction digits: `25000.00`. */
  amount: string;
  /** The same in integer paise: 2500000n. */
  paise: bigint;
  status: LineStatus;
  /** A reversal (camt `RvslInd`, MT940 `RC`/`RD`): `direction` is already the entry's own side. */
  reversal: boolean;
  /** The bank's reference of the entry: camt `AcctSvcrRef`, MT940 `//` reference, the CSV reference column. */
  bankReference: string | null;
  /** Our pain.001 `EndToEndId` when the bank carries it back (never the placeholder `NOTPROVIDED`/`NONREF`). */
  endToEndId: string | null;
  /** The clearing reference (UTR/RRN), from the file's field or found in the narration (see ReadOptions). */
  utr: string | null;
  /** The bank's free text for the entry (camt `AddtlNtryInf`/`Ustrd`/`AddtlTxInf`, MT940 `:86:`, CSV narration). */
  narration: string;
  /** One booking for several transactions (camt `Btch` or several `TxDtls`, a batch hint in the narration). */
  batch: { count: number } | null;
  counterparty: Counterparty | null;
  /** The bank's transaction code as written: camt `PMNT/ICDT/DMCT` or `Prtry/Cd`, MT940 `NTRF`; CSV none. */
  bankCode: string | null;
}

/** One statement (a file may hold several: camt `Stmt`, MT940 `:20:` blocks). */
export interface Statement {
  format: StatementFormat;
  /** The account exactly as the bank writes it: camt `Acct/Id`, MT940 `:25:` (may be `IFSC/ACCOUNT`), CSV preamble. */
  accountId: string;
  /** ISO 4217 code: `INR`. */
  currency: string;
  /** The bank's id of the statement: camt `Stmt/Id`, MT940 `:20:`, CSV the period (`2025-03-14..2025-03-14`). */
  statementId: string;
  /** The bank's sequence number: camt `ElctrncSeqNb`, MT940 `:28C:`; null when absent. */
  sequenceNumber: string | null;
  /** YYYY-MM-DD, first and last day the statement covers. */
  from: string;
  to: string;
  opening: Balance;
  closing: Balance;
  lines: StatementLine[];
}

/** Where a bank puts the UTR, and how to find ours in a narration: set per bank connection. */
export interface ReadOptions {
  /**
   * `clearing-reference` (default): camt `Refs/ClrSysRef`, else the narration patterns. `bank-reference`: the
   * line's bank reference is the UTR (HDFC-style). `narration`: only the patterns over the narration.
   */
  utrFrom?: 'clearing-reference' | 'bank-reference' | 'narration';
  /** Tried in order over the narration; the first capture group is the UTR. Default: DEFAULT_UTR_PATTERNS. */
  utrPatterns?: readonly RegExp[];
  /**
   * Finds our EndToEndId in a narration when the file has no field for it (first capture group). Default:
   * OUR_END_TO_END_IDS; null: never look.
   */
  endToEndPattern?: RegExp | null;
}

/**
 * The idempotency key of a line (issue 34): account + bank reference + booking date + amount + direction. The
 * same booking seen again (a re-imported file, a camt.054 line repeated in the day's camt.053) has the same key.
 */
export function dedupeKey(line: StatementLine, accountId: string): string {
  return JSON.stringify([
    accountId,
    line.bankReference ?? '',
    line.bookingDate,
    String(line.paise),
    line.direction,
  ]);
}

/**
 * The keys of a statement's lines, in order. Two lines of one statement with the same key (no bank reference,
 * same day, amount and side) are two bookings: the second gets `#2`, and so on, so a re-import still adds nothing.
 */
export function dedupeKeys(statement: Statement, accountId: string): string[] {
  const seen = new Map<string, number>();
  return statement.lines.map((line) => {
    const key = dedupeKey(line, accountId);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? key : `${key}#${n}`;
  });
}
