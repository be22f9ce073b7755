import type { GlobalSearchResult } from '@meridian/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { payouts } from '../db/schema.ts';
import { formatRupees } from '../lib/money.ts';
import {
  likePrefix,
  listRoute,
  type SearchScope,
  type Searcher,
  firstOfEach,
  unionOfProbes,
} from '../search/registry.ts';

/** Urns (Crockford base32) and UTRs are upper-case letters and digits; customer references add `_` and `-`. */
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
const REFERENCE = /^[A-Za-z0-9_-]+$/;

type Match = 'urn' | 'bank_reference_number' | 'customer_reference_number';

/**
 * One index probe: the client's payouts whose `key` starts with `pattern`, in the index's own order
 * (`USING ~<~` is text_pattern_ops' order), so the scan stops after `limit` rows however many match.
 */
function probe(db: Db, scope: SearchScope, match: Match, key: SQL, pattern: string) {
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
    .where(and(eq(payouts.clientRef, scope.clientRef), sql`${key} like ${likePrefix(pattern)}`))
    .orderBy(sql`${key} using ~<~`)
    .limit(scope.limit);
}

/** The statement of a search: one probe per field the query can be (urn, UTR, customer reference). */
export function payoutSearchQuery(db: Db, scope: SearchScope) {
  const q = scope.q;
  const probes = [
    ...(ALPHANUMERIC.test(q)
      ? [
          probe(db, scope, 'urn', sql`${payouts.urn}`, q.toUpperCase()),
          probe(db, scope, 'bank_reference_number', sql`${payouts.bankReferenceNumber}`, q.toUpperCase()),
        ]
      : []),
    ...(REFERENCE.test(q)
      ? [
          probe(
            db,
            scope,
            'customer_reference_number',
            sql`lower(${payouts.customerReferenceNumber})`,
            q.toLowerCase(),
          ),
        ]
      : []),
  ];
  return unionOfProbes(probes);
}

/** Payouts by urn, UTR (bank reference number) or customer reference; each opens in the payouts list. */
export const payoutSearcher: Searcher = {
  type: 'payout',
  async search(db, scope) {
    const query = payoutSearchQuery(db, scope);
    if (!query) return [];
    const results: GlobalSearchResult[] = [];
    for (const row of firstOfEach(await query, (r) => r.urn)) {
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
