import type { GlobalSearchResult } from '@meridian/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { payouts } from '../db/schema.ts';
import { formatRupees } from '../lib/money.ts';
import {
  likePrefix,
  listRoute,
  probeStatement,
  type ProbeBinding,
  type Searcher,
  firstOfEach,
  unionOfProbes,
} from '../search/registry.ts';

/** Urns (Crockford base32) and UTRs are upper-case letters and digits; customer references add `_` and `-`. */
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
const REFERENCE = /^[A-Za-z0-9_-]+$/;

type Match = 'urn' | 'bank_reference_number' | 'customer_reference_number';

/**
 * One index probe: the client's payouts whose `key` starts with `pattern` (a LIKE prefix), in the index's own
 * order (`USING ~<~` is text_pattern_ops' order), so the scan stops after `limit` rows however many match.
 */
function probe(db: Db, binding: ProbeBinding, match: Match, key: SQL) {
  return db
    .select({
      urn: payouts.urn,
      createdAt: payouts.createdAt,
      amount: payouts.amount,
      status: payouts.status,
      beneficiaryName: payouts.beneficiaryName,
      beneficiaryCode: payouts.beneficiaryCode,
      bankReferenceNumber: payouts.bankReferenceNumber,
      customerReferenceNumber: payouts.customerReferenceNumber,
      matched: sql<Match>`${match}::text`.as('matched'),
    })
    .from(payouts)
    .where(and(eq(payouts.clientRef, binding.clientRef), sql`${key} like ${binding.values[match]}`))
    .orderBy(sql`${key} using ~<~`)
    .limit(binding.limit);
}

/** The probes a query can be (urn, UTR, customer reference), each with its LIKE prefix. */
function probeValues(q: string): Partial<Record<Match, string>> {
  return {
    ...(ALPHANUMERIC.test(q)
      ? { urn: likePrefix(q.toUpperCase()), bank_reference_number: likePrefix(q.toUpperCase()) }
      : {}),
    ...(REFERENCE.test(q) ? { customer_reference_number: likePrefix(q.toLowerCase()) } : {}),
  };
}

const KEYS: Record<Match, SQL> = {
  urn: sql`${payouts.urn}`,
  bank_reference_number: sql`${payouts.bankReferenceNumber}`,
  customer_reference_number: sql`lower(${payouts.customerReferenceNumber})`,
};

/** The statement of a search: one probe per field the query can be. */
const payoutSearch = probeStatement('search_payouts', probeValues, (db, binding) =>
  unionOfProbes(
    (Object.keys(binding.values) as Match[]).map((match) => probe(db, binding, match, KEYS[match])),
  ),
);
export const payoutSearchQuery = payoutSearch.query;

/** Payouts by urn, UTR (bank reference number) or customer reference; each opens in the payouts list. */
export const payoutSearcher: Searcher = {
  type: 'payout',
  async search(db, scope) {
    const results: GlobalSearchResult[] = [];
    for (const row of firstOfEach(await payoutSearch.run(db, scope), (r) => r.urn)) {
      // Say which field matched when it is not the title.
      const label =
        row.matched === 'bank_reference_number'
          ? `UTR ${row.bankReferenceNumber}`
          : row.matched === 'customer_reference_number'
            ? `Ref ${row.customerReferenceNumber}`
            : null;
      results.push({
        type: 'payout',
        id: row.urn,
        title: row.urn,
        subtitle: [
          label,
          formatRupees(row.amount),
          row.status,
          `${row.beneficiaryName} (${row.beneficiaryCode})`,
        ]
          .filter(Boolean)
          .join(' · '),
        matched: row.matched,
        route: listRoute('/flow/payouts', scope, {
          searchKey: `${scope.product}_urn`,
          value: row.urn,
          createdAt: row.createdAt,
          selected: row.urn,
        }),
      });
    }
    return results;
  },
};
