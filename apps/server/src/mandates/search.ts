import type { GlobalSearchResult } from '@meridian/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { mandates } from '../db/schema.ts';
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

/** Urns are upper-case letters and digits; customer references add `_` and `-`; UMRNs add `@` (UPI). */
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
const REFERENCE = /^[A-Za-z0-9_-]+$/;
const UMRN = /^[A-Za-z0-9@]+$/;

type Match = 'urn' | 'customer_reference_number' | 'umrn';

/** One index probe: the client's mandates whose `key` starts with the probe's LIKE prefix, in the index's order. */
function probe(db: Db, binding: ProbeBinding, match: Match, key: SQL) {
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
    .where(and(eq(mandates.clientRef, binding.clientRef), sql`${key} like ${binding.values[match]}`))
    .orderBy(sql`${key} using ~<~`)
    .limit(binding.limit);
}

/** The probes a query can be (urn, customer reference, UMRN), each with its LIKE prefix. */
function probeValues(q: string): Partial<Record<Match, string>> {
  return {
    ...(ALPHANUMERIC.test(q) ? { urn: likePrefix(q.toUpperCase()) } : {}),
    ...(REFERENCE.test(q) ? { customer_reference_number: likePrefix(q.toLowerCase()) } : {}),
    // NACH UMRNs are upper case (MRDN…), UPI mandate numbers lower-case hex: both as typed, and upper.
    ...(UMRN.test(q) && q.length >= 4
      ? { umrn: likePrefix(/^mrdn/i.test(q) ? q.toUpperCase() : q.toLowerCase()) }
      : {}),
  };
}

const KEYS: Record<Match, SQL> = {
  urn: sql`${mandates.urn}`,
  customer_reference_number: sql`lower(${mandates.customerReferenceNumber})`,
  umrn: sql`${mandates.umrn}`,
};

const mandateSearch = probeStatement('search_mandates', probeValues, (db, binding) =>
  unionOfProbes(
    (Object.keys(binding.values) as Match[]).map((match) => probe(db, binding, match, KEYS[match])),
  ),
);
export const mandateSearchQuery = mandateSearch.query;

/** Mandates by urn, customer reference or UMRN; each opens in the e-mandates registrations list. */
export const mandateSearcher: Searcher = {
  type: 'mandate',
  async search(db, scope) {
    const results: GlobalSearchResult[] = [];
    for (const row of firstOfEach(await mandateSearch.run(db, scope), (r) => r.urn)) {
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
