import { createHash } from 'node:crypto';
import type { TransferType } from '@meridian/contract';

/**
 * The sandbox banking rail's rules. Everything is deterministic from the input, so that test accounts behave
 * the same on every run (docs/using/flow.md: "Sandbox test accounts").
 */

export type PayoutPlan =
  | { outcome: 'SUCCESS'; settleAfterMs: number }
  | { outcome: 'FAILURE'; settleAfterMs: number; reason: string }
  | { outcome: 'RETURNED'; settleAfterMs: number; returnAfterMs: number; reason: string };

export type Destination = { accountNumber: string | null; upiId: string | null };

/** What a payout to a test destination does instead of settling after the rail's delay. */
type PayoutRule =
  /** Fails with `reason` (`upiReason` for a UPI id); the debit is reversed. */
  | { outcome: 'FAILURE'; reason: string; upiReason?: string }
  /** Stays PENDING for `pendingMs` (before RAIL_TIME_SCALE), then succeeds. */
  | { outcome: 'SUCCESS'; pendingMs: number }
  /** Succeeds, then comes back RETURNED with `reason` after `returnAfterMs`; the debit is reversed. */
  | { outcome: 'RETURNED'; returnAfterMs: number; reason: string };

/** What a penny drop to a test account answers instead of its registered holder. */
type ValidationRule =
  | { outcome: 'FAILURE'; reason: string }
  /** Succeeds with a company as the holder ("… TRADING COMPANY"), so a person's name scores low. */
  | { outcome: 'SUCCESS'; holder: 'COMPANY' };

type TestAccount = {
  /** The account number's last four digits. */
  ending: string;
  /** The UPI id's part before `@` (any case). */
  upi: string;
  /** None: the payout succeeds after the rail's delay. */
  payout?: PayoutRule;
  /** None: the validation succeeds with the holder derived from the account number. */
  validation?: ValidationRule;
};

/**
 * The sandbox's test accounts: the one table that the rail's payout and validation outcomes are read from
 * (docs/using/flow.md "Sandbox test accounts" shows it; sandbox.test.ts holds the two in step). A destination with a UPI id
 * is matched by the part before `@`, any other by its account number's last four digits; every destination
 * that matches no row succeeds.
 */
export const TEST_ACCOUNTS: readonly TestAccount[] = [
  {
    ending: '0001',
    upi: 'closed',
    payout: { outcome: 'FAILURE', reason: 'Account closed' },
    validation: { outcome: 'FAILURE', reason: 'Account closed' },
  },
  {
    ending: '0002',
    upi: 'invalid',
    payout: { outcome: 'FAILURE', reason: 'Invalid account number', upiReason: 'UPI id does not exist' },
    validation: { outcome: 'FAILURE', reason: 'Account does not exist' },
  },
  { ending: '0003', upi: 'slow', payout: { outcome: 'SUCCESS', pendingMs: 5 * 60_000 } },
  {
    ending: '0004',
    upi: 'returned',
    payout: {
      outcome: 'RETURNED',
      returnAfterMs: 2 * 60_000,
      reason: 'Returned by beneficiary bank: account frozen',
    },
  },
  { ending: '0005', upi: 'mismatch', validation: { outcome: 'SUCCESS', holder: 'COMPANY' } },
];

const hash = (value: string) => createHash('sha256').update(value).digest();

/** What selects a test row: the UPI id's part before `@` (lower case) when there is one, else the last 4 digits. */
function testCase(d: Destination): string | null {
  if (d.upiId) return d.upiId.split('@')[0]!.toLowerCase();
  return d.accountNumber?.slice(-4) ?? null;
}

/** The test account row that decides `d`'s outcomes, if any. */
function testAccountOf(d: Destination): TestAccount | undefined {
  const c = testCase(d);
  return TEST_ACCOUNTS.find((a) => a.ending === c || a.upi === c);
}

/** How long a rail takes to answer, before scaling: IMPS/UPI seconds, NEFT a batch, RTGS a little longer. */
function baseDelayMs(transferType: TransferType, d: Destination): number {
  const jitter = hash(`${d.accountNumber ?? d.upiId}`).readUInt16BE(0) % 3000;
  switch (transferType) {
    case 'UPI':
    case 'IMPS':
      return 2000 + jitter;
    case 'RTGS':
      return 5000 + jitter;
    case 'NEFT':
      return 8000 + jitter;
  }
}

export function planPayout(transferType: TransferType, d: Destination): PayoutPlan {
  const settleAfterMs = baseDelayMs(transferType, d);
  const rule = testAccountOf(d)?.payout;
  switch (rule?.outcome) {
    case undefined:
      return { outcome: 'SUCCESS', settleAfterMs };
    case 'FAILURE':
      return { outcome: 'FAILURE', settleAfterMs, reason: (d.upiId && rule.upiReason) || rule.reason };
    case 'SUCCESS':
      return { outcome: 'SUCCESS', settleAfterMs: rule.pendingMs };
    case 'RETURNED':
      return { outcome: 'RETURNED', settleAfterMs, returnAfterMs: rule.returnAfterMs, reason: rule.reason };
  }
}

/** A bank reference number (UTR) derived from the payout: a job that runs twice gets the same one. */
export function bankReference(
  transferType: TransferType | 'VALIDATION' | 'NACH',
  urn: string,
  at: Date,
): string {
  const digits = (n: number) =>
    BigInt(`0x${hash(urn).toString('hex').slice(0, 15)}`)
      .toString()
      .padStart(n, '0')
      .slice(-n);
  const yy = String(at.getUTCFullYear()).slice(2);
  const doy = String(
    Math.floor((at.getTime() - Date.UTC(at.getUTCFullYear(), 0, 1)) / 86_400_000) + 1,
  ).padStart(3, '0');
  switch (transferType) {
    case 'IMPS':
    case 'UPI':
    case 'VALIDATION':
      return `${yy.slice(1)}${doy}${digits(8)}`; // 12-digit RRN
    case 'NEFT':
      return `MRDNN${yy}${doy}${digits(6)}`; // 16 characters
    case 'NACH':
      return `MRDNH${yy}${doy}${digits(6)}`; // 16 characters
    case 'RTGS':
      return `MRDNR${at.toISOString().slice(0, 10).replaceAll('-', '')}${digits(9)}`; // 22 characters
  }
}

// ---------------------------------------------------------------------------------------------------------
// E-mandates (docs/using/flow.md: "Sandbox test mandates")

export type PayerAccount = { accountNumber: string | null; vpa: string | null };

/** What a presentation against a test payer does instead of succeeding after the bank's delay. */
type PresentationRule =
  | { outcome: 'BOUNCED'; reason: string }
  /** Stays PENDING for `pendingMs` (before RAIL_TIME_SCALE), then succeeds. */
  | { outcome: 'SUCCESS'; pendingMs: number };

/**
 * The sandbox's test payers: the one table that presentation outcomes are read from (docs/using/flow.md "Sandbox test
 * mandates" shows it; sandbox.test.ts holds the two in step). Matched as test accounts are: a VPA by its part
 * before `@`, else the payer account's last four digits; every other payer's debit succeeds.
 */
export const TEST_PAYERS: readonly { ending: string; vpa: string; presentation: PresentationRule }[] = [
  {
    ending: '0001',
    vpa: 'nofunds',
    presentation: { outcome: 'BOUNCED', reason: 'Insufficient funds in payer account' },
  },
  { ending: '0002', vpa: 'closed', presentation: { outcome: 'BOUNCED', reason: 'Payer account closed' } },
  { ending: '0003', vpa: 'slow', presentation: { outcome: 'SUCCESS', pendingMs: 5 * 60_000 } },
];

export type PresentationPlan =
  | { outcome: 'SUCCESS'; settleAfterMs: number }
  | { outcome: 'BOUNCED'; settleAfterMs: number; reason: string };

/**
 * How the payer's bank answers a presentation: UPI autopay in 2–5 s, NACH (a clearing batch) in 5–8 s, before
 * RAIL_TIME_SCALE; bounced for the test payers above.
 */
export function planPresentation(type: 'NACH' | 'UPI_AUTOPAY', payer: PayerAccount): PresentationPlan {
  const c = testCase({ accountNumber: payer.accountNumber, upiId: payer.vpa });
  const jitter = hash(`${payer.accountNumber ?? payer.vpa}`).readUInt16BE(0) % 3000;
  const settleAfterMs = (type === 'NACH' ? 5000 : 2000) + jitter;
  const rule = TEST_PAYERS.find((p) => p.ending === c || p.vpa === c)?.presentation;
  if (rule?.outcome === 'BOUNCED') return { outcome: 'BOUNCED', settleAfterMs, reason: rule.reason };
  if (rule?.outcome === 'SUCCESS') return { outcome: 'SUCCESS', settleAfterMs: rule.pendingMs };
  return { outcome: 'SUCCESS', settleAfterMs };
}

/**
 * The scheme's reference of an activated mandate, derived from its urn: a NACH UMRN (20 characters,
 * `MRDN` + the activation date + 8 digits) or a UPI mandate number (32 hex digits `@mrdn`).
 */
export function mandateReference(type: 'NACH' | 'UPI_AUTOPAY', urn: string, at: Date): string {
  const h = hash(`umrn:${urn}`);
  if (type === 'UPI_AUTOPAY') return `${h.toString('hex').slice(0, 32)}@mrdn`;
  const digits = BigInt(`0x${h.toString('hex').slice(0, 15)}`)
    .toString()
    .padStart(8, '0')
    .slice(-8);
  return `MRDN${at.toISOString().slice(0, 10).replaceAll('-', '')}${digits}`;
}

const FIRST = [
  'AARAV',
  'ANANYA',
  'DEEPAK',
  'DIVYA',
  'FATIMA',
  'HARPREET',
  'ISHAAN',
  'KAVYA',
  'MEERA',
  'NIKHIL',
  'PRIYA',
  'RAHUL',
  'ROHAN',
  'SANJAY',
  'SNEHA',
  'SURESH',
  'TANVI',
  'VIKRAM',
  'ZOYA',
  'ARJUN',
];
const LAST = [
  'AGARWAL',
  'BANERJEE',
  'CHOPRA',
  'DESAI',
  'GUPTA',
  'IYER',
  'JOSHI',
  'KAPOOR',
  'KHAN',
  'MENON',
  'NAIR',
  'PATEL',
  'RAO',
  'REDDY',
  'SHARMA',
  'SINGH',
  'VERMA',
  'PILLAI',
  'BOSE',
  'MEHTA',
];

/** The sandbox bank directory: the registered holder of an account (deterministic from its number and IFSC). */
export function registeredHolder(accountNumber: string, ifsc: string): string {
  const h = hash(`${ifsc.slice(0, 4)}:${accountNumber}`);
  const rule = testAccountOf({ accountNumber, upiId: null })?.validation;
  if (rule?.outcome === 'SUCCESS' && rule.holder === 'COMPANY')
    return `${LAST[h[2]! % LAST.length]} TRADING COMPANY`;
  return `${FIRST[h[0]! % FIRST.length]} ${LAST[h[1]! % LAST.length]}`;
}

export type ValidationPlan =
  { outcome: 'SUCCESS'; registeredName: string } | { outcome: 'FAILURE'; reason: string };

export function planValidation(accountNumber: string, ifsc: string): ValidationPlan {
  const rule = testAccountOf({ accountNumber, upiId: null })?.validation;
  if (rule?.outcome === 'FAILURE') return { outcome: 'FAILURE', reason: rule.reason };
  return { outcome: 'SUCCESS', registeredName: registeredHolder(accountNumber, ifsc) };
}

const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'DR', 'SHRI', 'SMT', 'KUMARI', 'M/S', 'MS.']);

function tokens(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/[^A-Z ]/g, ' ')
    .split(/\s+/)
    .filter((t) => t && !TITLES.has(t));
}

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) m.set(s.slice(i, i + 2), (m.get(s.slice(i, i + 2)) ?? 0) + 1);
  return m;
}

function dice(a: string, b: string): number {
  if (a === b) return 1;
  const A = bigrams(a);
  const B = bigrams(b);
  let overlap = 0;
  for (const [k, n] of A) overlap += Math.min(n, B.get(k) ?? 0);
  const total = Math.max(a.length - 1, 0) + Math.max(b.length - 1, 0);
  return total ? (2 * overlap) / total : 0;
}

/**
 * How well the name given matches the registered holder, 0–100: titles and punctuation ignored, word order
 * free, initials match the word they abbreviate ("R K SHARMA" ~ "RAHUL KUMAR SHARMA").
 */
export function nameMatchScore(given: string, registered: string): number {
  const a = tokens(given);
  const b = tokens(registered);
  if (!a.length || !b.length) return 0;
  const used = new Set<number>();
  let matched = 0;
  for (const t of a) {
    let best = -1;
    let bestScore = 0;
    b.forEach((u, i) => {
      if (used.has(i)) return;
      const s = t.length === 1 || u.length === 1 ? (t[0] === u[0] ? 0.9 : 0) : dice(t, u);
      if (s > bestScore) [best, bestScore] = [i, s];
    });
    if (best >= 0 && bestScore >= 0.6) {
      used.add(best);
      matched += bestScore;
    }
  }
  const tokenScore = (2 * matched) / (a.length + b.length);
  const whole = dice([...a].sort().join(' '), [...b].sort().join(' '));
  return Math.round(100 * Math.max(tokenScore, whole));
}
