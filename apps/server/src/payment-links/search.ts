import type { GlobalSearchResult } from '@meridian/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { paymentLinks } from '../db/schema.ts';
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
import { statusOf } from './answer.ts';

/** Urns (Crockford base32) are upper-case letters and digits; customer references add `_` and `-`. */
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
const REFERENCE = /^[A-Za-z0-9_-]+$/;

type Match = 'urn' | 'customer_reference_number';

/** One index probe on `(client_ref, key text_pattern_ops)`, in the index's order, stopping after `limit` rows. */
function probe(db: Db, binding: ProbeBinding, match: Match, key: SQL) {
  return db
    .select({
      link: paymentLinks,
      matched: sql<Match>`${match}::text`.as('matched'),
    })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.clientRef, binding.clientRef), sql`${key} like ${binding.values[match]}`))
    .orderBy(sql`${key} using ~<~`)
    .limit(binding.limit);
}

const KEYS: Record<Match, SQL> = {
  urn: sql`${paymentLinks.urn}`,
  customer_reference_number: sql`lower(${paymentLinks.customerReferenceNumber})`,
};

/** The statement of a search: a probe per field the query can be (urn, customer reference), with its prefix. */
const paymentLinkSearch = probeStatement(
  'search_payment_links',
  (q): Partial<Record<Match, string>> => ({
    ...(ALPHANUMERIC.test(q) ? { urn: likePrefix(q.toUpperCase()) } : {}),
    ...(REFERENCE.test(q) ? { customer_reference_number: likePrefix(q.toLowerCase()) } : {}),
  }),
  (db, binding) =>
    unionOfProbes(
      (Object.keys(binding.values) as Match[]).map((match) => probe(db, binding, match, KEYS[match])),
    ),
);

/** Payment links by urn or customer reference (prefix, case-blind); each opens in the payment links list. */
export const paymentLinkSearcher: Searcher = {
  type: 'payment_link',
  async search(db, scope) {
    const results: GlobalSearchResult[] = [];
    for (const { link, matched } of firstOfEach(
      await paymentLinkSearch.run(db, scope),
      (r) => r.link.urn,
    ).slice(0, scope.limit)) {
      results.push({
        type: 'payment_link',
        id: link.urn,
        title: `${link.customerReferenceNumber}: ${link.purpose}`,
        subtitle: [
          link.amount === null ? 'Customer enters the amount' : formatRupees(link.amount),
          statusOf(link),
          link.urn,
        ].join(' · '),
        matched,
        route: listRoute('/flow/payment-links', scope, {
          searchKey: `${scope.product}_urn`,
          value: link.urn,
          createdAt: link.createdAt,
          selected: link.urn,
        }),
      });
    }
    return results;
  },
};
