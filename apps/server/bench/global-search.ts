/**
 * The global search's part of the payout benchmark (payout-lists.ts runs it on the same database): beneficiaries
 * at scale for the name, code and account-number probes, and the queries a user types into the command palette,
 * taken from the seeded rows (exact references, short prefixes that match hundreds of thousands of rows, name
 * words shared by thousands of beneficiaries).
 */
import type { Db } from '../src/db/database.ts';
import { beneficiarySearchQuery } from '../src/beneficiaries/search.ts';
import { payoutSearchQuery } from '../src/payouts/search.ts';
import { SEARCH_DEFAULT_LIMIT } from '@meridian/contract';

type Row = unknown[];
type Exec = (text: string, params?: unknown[]) => Promise<Row[]>;

const FIRST = (
  'Aarav Aditi Ananya Arjun Bhavna Chetan Deepa Dev Divya Farhan Gaurav Geeta Harish Isha Jaya Karan Kavya Kiran Lakshmi Manoj ' +
  'Meera Mohan Naina Nikhil Pooja Pranav Rahul Rajesh Ramesh Ravi Rekha Rohan Sanjay Shreya Sneha Suresh Tanvi Uday Varun Vikram'
).split(' ');
const LAST = (
  'Agarwal Bhat Chopra Das Desai Ghosh Gupta Iyer Jain Joshi Kapoor Khan Kulkarni Kumar Malhotra Mehta Menon Mishra Nair Naidu ' +
  'Pandey Patel Pillai Rao Reddy Saxena Sen Shah Sharma Shetty Singh Sinha Srinivasan Thakur Trivedi Varma Verma Yadav Zaidi Bose'
).split(' ');
const sqlArray = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(', ')}]`;

/**
 * `n` more active beneficiaries for the client (after the payouts are seeded, so they do not change the payouts):
 * codes BENCHBEN-0000001…, 1,600 distinct names, 14-digit account numbers starting 60.
 */
export async function seedSearchBeneficiaries(exec: Exec, clientRef: number, n: number, now: number) {
  const [account] = await exec(
    `select id from accounts where client_ref = $1 and kind = 'client_current' order by id limit 1`,
    [clientRef],
  );
  const started = performance.now();
  await exec(
    `insert into beneficiaries (client_ref, code, name, provider, provider_code, transfer_type, sender_account_ref,
       account_number, ifsc, bank_name, status, created_at, updated_at)
     select $1, 'BENCHBEN-' || lpad(g::text, 7, '0'),
       (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
       'Meridian Sandbox Bank', 'MRDN', 'IMPS', $2,
       '60' || lpad(((g * 7919) % 1000000000000)::text, 12, '0'), 'HDFC0000001', 'HDFC Bank', 'ACTIVE',
       $3::timestamptz - make_interval(secs => g * 60), $3::timestamptz - make_interval(secs => g * 60)
     from generate_series(1, $4::int) as g`,
    [clientRef, account![0], new Date(now).toISOString(), n],
  );
  await exec('vacuum (analyze) beneficiaries');
  return { ms: performance.now() - started };
}

export type SearchCase = { name: string; q: string };

/** What a user types: whole references of a payout in the middle of the seed, and prefixes that match many. */
export async function searchCases(exec: Exec, clientRef: number, n: number): Promise<SearchCase[]> {
  // seedPayouts makes seq g a SUCCESS (with a UTR) when g % 100 < 84.
  const seq = Math.max(1, Math.floor(n / 200) * 100 + 10);
  const [payout] = await exec(
    'select urn, bank_reference_number, customer_reference_number from payouts where client_ref = $1 and seq = $2',
    [clientRef, seq],
  );
  const [urn, utr, crn] = payout!.map(String) as [string, string, string];
  const [beneficiary] = await exec(
    `select code, account_number from beneficiaries where client_ref = $1 and code like 'BENCHBEN-%'
     order by code desc limit 1`,
    [clientRef],
  );
  const [code, accountNumber] = (beneficiary ?? ['VENDOR-ALPHA', '50100012345678']).map(String) as [
    string,
    string,
  ];
  return [
    { name: 'payout urn, whole', q: urn },
    { name: 'payout urn prefix (matches all), lower case', q: urn.slice(0, 9).toLowerCase() },
    { name: 'UTR, whole', q: utr },
    { name: 'UTR prefix (matches most)', q: utr.slice(0, 5) },
    { name: 'customer reference, whole, lower case', q: crn.toLowerCase() },
    { name: 'customer reference prefix (matches all)', q: crn.slice(0, 7) },
    { name: 'beneficiary code, whole', q: code },
    { name: 'beneficiary code prefix', q: code.slice(0, 12).toLowerCase() },
    { name: 'beneficiary name, one word', q: 'kavya' },
    { name: 'beneficiary name, two word prefixes', q: 'ra sh' },
    { name: 'beneficiary account number prefix', q: accountNumber.slice(0, 6) },
    { name: 'two letters (every probe runs)', q: 'ka' },
  ];
}

/** The statements one search runs (for EXPLAIN), rendered by the searchers' own builders. */
export function searchStatements(db: Db, clientRef: number, q: string) {
  const scope = { clientRef, q, limit: SEARCH_DEFAULT_LIMIT, timeZone: 'Asia/Kolkata', product: 'meridian' };
  return [
    ['payouts', payoutSearchQuery(db, scope)?.toSQL()],
    ['beneficiaries', beneficiarySearchQuery(db, scope)?.toSQL()],
  ] as const;
}
