import type { GlobalSearchResult } from '@meridian/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { mandates } from '../db/schema.ts';
import { formatRupees } from '../lib/money.ts';
import {
  likePrefix,
  listRoute,
  type SearchScope,
  type Searcher,
  firstOfEach,
  unionOfProbes,
} from '../search/registry.ts';

/** Urns are upper-case letters and digits; customer references add `_` and `-`; UMRNs add `@` (UPI). */
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
const REFERENCE = /^[A-Za-z0-9_-]+$/;
const UMRN = /^[A-Za-z0-9@]+$/;

type Match = 'urn' | 'customer_reference_number' | 'umrn';

/** One index probe: the client's mandates whose `key` starts with `pattern`, in the index's order. */
function probe(db: Db, scope: SearchScope, match: Match, key: SQL, pattern: string) {
  return db
    .select({
      urn: mandates.urn,
      createdAt: mandates.createdAt,
      customerName: mandates.customerName,
      customerReferenceNumber: mandates.customerReferenceNumber,
      umrn: mandates.umrn,
      type: mandates.type,
      status: mandates.status,
      maxAmount: mandates.maxAmount,
      matched: sql<Match>`${match}::text`.as('matched'),
    })
    .from(mandates)
    .where(and(eq(mandates.clientRef, scope.clientRef), sql`${key} like ${likePrefix(pattern)}`))
    .orderBy(sql`${key} using ~<~`)
    .limit(scope.limit);
}

export function mandateSearchQuery(db: Db, scope: SearchScope) {
  const q = scope.q;
  const probes = [
    ...(ALPHANUMERIC.test(q) ? [probe(db, scope, 'urn', sql`${mandates.urn}`, q.toUpperCase())] : []),
    ...(REFERENCE.test(q)
      ? [
          probe(
            db,
            scope,
            'customer_reference_number',
            sql`lower(${mandates.customerReferenceNumber})`,
            q.toLowerCase(),
          ),
        ]
      : []),
    // NACH UMRNs are upper case (MRDN…), UPI mandate numbers lower-case hex: both as typed, and upper.
    ...(UMRN.test(q) && q.length >= 4
      ? [
          probe(
            db,
            scope,
            'umrn',
            sql`${mandates.umrn}`,
            /^mrdn/i.test(q) ? q.toUpperCase() : q.toLowerCase(),
          ),
        ]
      : []),
  ];
  return unionOfProbes(probes);
}

/** Mandates by urn, customer reference or UMRN; each opens in the e-mandates registrations list. */
export const mandateSearcher: Searcher = {
  type: 'mandate',
  async search(db, scope) {
    const query = mandateSearchQuery(db, scope);
    if (!query) return [];
    const results: GlobalSearchResult[] = [];
    for (const row of firstOfEach(await query, (r) => r.urn)) {
      const label =
        row.matched === 'customer_reference_number'
          ? `Ref ${row.customerReferenceNumber}`
          : row.matched === 'umrn'
            ? `UMRN ${row.umrn}`
            : null;
      results.push({
        type: 'mandate',
        id: row.urn,
        title: `${row.customerName} · ${row.type === 'NACH' ? 'NACH' : 'UPI autopay'}`,
        subtitle: [label ?? row.urn, `up to ${formatRupees(row.maxAmount)}`, row.status].join(' · '),
        matched: row.matched,
        route: listRoute('/flow/e-mandates', scope, {
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
