import { createHash } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { lastFourOf, panHolder, seedOf, testCaseOf } from '../logic/directory.ts';
import { checkMobile, checkPan } from '../logic/identifiers.ts';
import { maskMobile, maskName, maskPan, maskPersonalData } from '../logic/mask.ts';
import { compareNames } from '../logic/similarity.ts';
import type { FabricProduct } from '../product.ts';

const body = z.object({
  pan: z
    .string({ error: 'pan is required' })
    .trim()
    .min(1, 'pan is required')
    .max(16, 'pan is at most 16 characters'),
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(200, 'name is at most 200 characters'),
  mobile: z.string().trim().max(20, 'mobile is at most 20 characters').optional(),
  consent: z.literal(true, { error: "The person's consent is required: consent must be true" }),
});

const LENDERS = [
  'HDFC Bank',
  'ICICI Bank',
  'State Bank of India',
  'Axis Bank',
  'Kotak Mahindra Bank',
  'Bajaj Finance',
];
const TYPES = [
  { type: 'CREDIT_CARD', min: 50_000, max: 500_000 },
  { type: 'PERSONAL_LOAN', min: 100_000, max: 1_500_000 },
  { type: 'HOME_LOAN', min: 2_000_000, max: 9_000_000 },
  { type: 'AUTO_LOAN', min: 400_000, max: 1_500_000 },
  { type: 'CONSUMER_DURABLE_LOAN', min: 20_000, max: 150_000 },
  { type: 'GOLD_LOAN', min: 50_000, max: 400_000 },
] as const;

/** Rupees as the API writes money: a decimal string with two places. */
const rupees = (n: number) => `${n}.00`;

function bandOf(score: number): string {
  return score >= 750 ? 'EXCELLENT' : score >= 650 ? 'GOOD' : score >= 550 ? 'FAIR' : 'POOR';
}

/** The bureau's file for a PAN: accounts, enquiries and a score consistent with them (deterministic). */
export function creditFile(pan: string, now: Date) {
  const seed = createHash('sha256').update(seedOf('BUREAU', pan)).digest();
  let i = 0;
  const next = () => seed[i++ % seed.length]!;
  const test = testCaseOf(lastFourOf('PAN', pan));
  const thin = test === 'FLAGGED';
  const poor = test === 'INACTIVE'; // 0001: a file with defaults
  const count = thin ? 1 : 2 + (next() % 5);
  const accounts = Array.from({ length: count }, (_, n) => {
    const t = thin ? TYPES[0] : TYPES[next() % TYPES.length]!;
    const sanctioned =
      Math.round((t.min + ((next() * 256 + next()) / 65535) * (t.max - t.min)) / 1000) * 1000;
    const monthsAgo = 3 + ((next() * 256 + next()) % (thin ? 10 : 120));
    const opened = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1 + (next() % 28)));
    const closed = !thin && n > 0 && next() % 4 === 0;
    const overdue = poor && n === 0 ? Math.round(sanctioned * 0.12) : 0;
    const balance = closed ? 0 : Math.round((sanctioned * (20 + (next() % 70))) / 100);
    return {
      account_type: t.type,
      lender: LENDERS[next() % LENDERS.length]!,
      account_number: `XXXXXXXX${String(1000 + ((next() * 256 + next()) % 9000))}`,
      opened_on: opened.toISOString().slice(0, 10),
      status: closed ? 'CLOSED' : 'ACTIVE',
      sanctioned_amount: rupees(sanctioned),
      current_balance: rupees(balance),
      overdue_amount: rupees(overdue),
      max_days_past_due_12_months: overdue ? 90 : poor ? 30 : next() % 10 === 0 ? 30 : 0,
      _months: monthsAgo,
      _overdue: overdue,
      _sanctioned: sanctioned,
      _balance: balance,
    };
  });
  const enquiries = thin ? 1 : next() % 6;
  const late = accounts.filter((a) => a.max_days_past_due_12_months > 0).length;
  const oldest = Math.max(...accounts.map((a) => a._months));
  let score = poor
    ? 300 + (next() % 200)
    : thin
      ? 650 + (next() % 40)
      : Math.min(900, 700 + (next() % 140) + Math.min(oldest, 60) - 40 * late - 8 * enquiries);
  score = Math.max(300, Math.min(900, score));
  const summary = {
    total_accounts: accounts.length,
    active_accounts: accounts.filter((a) => a.status === 'ACTIVE').length,
    closed_accounts: accounts.filter((a) => a.status === 'CLOSED').length,
    total_sanctioned_amount: rupees(accounts.reduce((s, a) => s + a._sanctioned, 0)),
    total_current_balance: rupees(accounts.reduce((s, a) => s + a._balance, 0)),
    total_overdue_amount: rupees(accounts.reduce((s, a) => s + a._overdue, 0)),
    accounts_with_late_payments: late,
    enquiries_last_6_months: enquiries,
    oldest_account_age_months: oldest,
  };
  return {
    score,
    band: bandOf(score),
    summary,
    accounts: accounts.map(({ _months, _overdue, _sanctioned, _balance, ...a }) => a),
  };
}

/** Sample requests (besides customer_reference_number): the demo seed calls the product with each. */
export const DEMO_INPUTS: z.input<typeof body>[] = [
  { pan: 'ABCPS1234K', name: 'Manoj Sharma', mobile: '9876543210', consent: true },
  { pan: 'BNZPM2501F', name: 'Anjali K Mehta', consent: true },
  { pan: 'ABCPE0001F', name: 'Zoya Easwaran', consent: true },
  { pan: 'ABCPE0000F', name: 'Sneha Easwaran', consent: true },
];

/**
 * Credit report: the sandbox bureau's score (300–900) and account summary for an individual's PAN, with the
 * person's consent. The name given must match the PAN holder (else IDENTITY_MISMATCH); PAN digits `0000` have
 * no credit history (NO_RECORD), `0001` a file with defaults, `0002` a thin file (docs/using/fabric-sandbox.md).
 */
export const creditReport: FabricProduct<typeof body> = {
  slug: 'credit-report',
  price: 10,
  body,
  demo: DEMO_INPUTS,
  maskRequest: (b) => ({
    pan: maskPan(b.pan),
    name: maskName(b.name),
    ...(b.mobile !== undefined ? { mobile: maskMobile(b.mobile) } : {}),
    consent: b.consent,
  }),
  async run(b, ctx) {
    const pan = checkPan(b.pan);
    if (!pan.ok) throw badRequest(pan.message, { pan: pan.message });
    if (pan.holderType !== 'P') {
      const message = `A consumer credit report needs an individual's PAN (4th letter P); this PAN is a ${pan.holderTypeLabel}`;
      throw badRequest(message, { pan: message });
    }
    if (b.mobile !== undefined) {
      const m = checkMobile(b.mobile);
      if (!m.ok) throw badRequest(m.message, { mobile: m.message });
    }
    const failure = (code: string, message: string) => {
      const result = { pan: pan.value, status: code };
      return {
        status: 'FAILURE' as const,
        resultCode: code,
        message,
        result,
        maskedResult: maskPersonalData(result),
      };
    };
    if (testCaseOf(lastFourOf('PAN', pan.value)) === 'NOT_FOUND') {
      return failure('NO_RECORD', 'No credit history for this PAN');
    }
    const holder = panHolder(pan.value);
    const match = compareNames(b.name, holder.name);
    if (match.verdict === 'NO_MATCH') {
      return failure('IDENTITY_MISMATCH', `The name does not match the PAN holder (score ${match.score})`);
    }
    const file = creditFile(pan.value, ctx.now);
    const result = {
      report_id: `CR${ctx.urn.slice(-12)}`,
      bureau: 'Meridian Sandbox Credit Bureau',
      generated_at: ctx.now.toISOString(),
      pan: pan.value,
      name: holder.name,
      dob: holder.person?.dob ?? null,
      name_match: { score: match.score, verdict: match.verdict },
      score: file.score,
      score_band: file.band,
      summary: file.summary,
      accounts: file.accounts,
    };
    return {
      status: 'SUCCESS',
      resultCode: file.band,
      message: `Score ${file.score} (${file.band})`,
      result,
      maskedResult: maskPersonalData(result),
    };
  },
};
