import type { GlobalSearchResult } from '@meridian/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { beneficiaries } from '../db/schema.ts';
import {
  likePrefix,
  listRoute,
  type SearchScope,
  type Searcher,
  firstOfEach,
  unionOfProbes,
} from '../search/registry.ts';

const CODE = /^[A-Za-z0-9_-]+$/;
const DIGITS = /^[0-9]+$/;
const MAX_NAME_WORDS = 8;

type Match = 'beneficiary_code' | 'beneficiary_account_number' | 'beneficiary_name';

/**
 * Every word of the query as a prefix, all required: "kav men" → `kav:* & men:*`, which finds "Kavya Menon".
 * Only letters and digits reach the tsquery, so its syntax (`&`, `|`, `!`, `:`…) cannot be injected.
 */
export function nameWordsQuery(q: string): string | null {
  const words = q
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, MAX_NAME_WORDS);
  return words ? words.map((w) => `${w}:*`).join(' & ') : null;
}

function probe(db: Db, scope: SearchScope, match: Match, condition: SQL, order: SQL) {
  return db
    .select({
      code: beneficiaries.code,
      name: beneficiaries.name,
      transferType: beneficiaries.transferType,
      accountNumber: beneficiaries.accountNumber,
      ifsc: beneficiaries.ifsc,
      upiId: beneficiaries.upiId,
      status: beneficiaries.status,
      createdAt: beneficiaries.createdAt,
      matched: sql<Match>`${match}::text`.as('matched'),
    })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.clientRef, scope.clientRef), condition))
    .orderBy(order)
    .limit(scope.limit);
}

/** The statement of a search: code prefix, account-number prefix and name-word prefixes, each an index probe. */
export function beneficiarySearchQuery(db: Db, scope: SearchScope) {
  const q = scope.q;
  const code = sql`lower(${beneficiaries.code})`;
  const words = nameWordsQuery(q);
  const probes = [
    ...(CODE.test(q)
      ? [
          probe(
            db,
            scope,
            'beneficiary_code',
            sql`${code} like ${likePrefix(q.toLowerCase())}`,
            sql`${code} using ~<~`,
          ),
        ]
      : []),
    ...(DIGITS.test(q)
      ? [
          probe(
            db,
            scope,
            'beneficiary_account_number',
            sql`${beneficiaries.accountNumber} like ${likePrefix(q)}`,
            sql`${beneficiaries.accountNumber} using ~<~`,
          ),
        ]
      : []),
    ...(words
      ? [
          probe(
            db,
            scope,
            'beneficiary_name',
            // The same expression as the GIN index beneficiaries_name_words_idx.
            sql`to_tsvector('simple', ${beneficiaries.name}) @@ to_tsquery('simple', ${words})`,
            sql`${beneficiaries.name}, ${beneficiaries.code}`,
          ),
        ]
      : []),
  ];
  return unionOfProbes(probes);
}

/** Beneficiaries by code, name or account number; each opens its details from the beneficiaries list. */
export const beneficiarySearcher: Searcher = {
  type: 'beneficiary',
  async search(db, scope) {
    const query = beneficiarySearchQuery(db, scope);
    if (!query) return [];
    const results: GlobalSearchResult[] = [];
    for (const row of firstOfEach(await query, (r) => r.code)) {
      const destination =
        row.transferType === 'UPI' ? `UPI ${row.upiId}` : `A/c ${row.accountNumber} · ${row.ifsc}`;
      results.push({
        type: 'beneficiary',
        id: row.code,
        title: row.name,
        subtitle: [row.code, destination, row.transferType, row.status === 'ACTIVE' ? null : 'Inactive']
          .filter(Boolean)
          .join(' · '),
        matched: row.matched,
        route: listRoute('/flow/beneficiaries', scope, {
          searchKey: 'beneficiary_code',
          value: row.code,
          createdAt: row.createdAt,
          selected: row.code,
        }),
      });
    }
    return results;
  },
};
