import type { GlobalSearchResult } from '@meridian/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { beneficiaries } from '../db/schema.ts';
import {
  likePrefix,
  listRoute,
  probeStatement,
  type ProbeBinding,
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

function probe(db: Db, binding: ProbeBinding, match: Match, condition: SQL, order: SQL) {
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
    .where(and(eq(beneficiaries.clientRef, binding.clientRef), condition))
    .orderBy(order)
    .limit(binding.limit);
}

/** The probes a query can be (code prefix, account-number prefix, name-word prefixes), each with its value. */
function probeValues(q: string): Partial<Record<Match, string>> {
  const words = nameWordsQuery(q);
  return {
    ...(CODE.test(q) ? { beneficiary_code: likePrefix(q.toLowerCase()) } : {}),
    ...(DIGITS.test(q) ? { beneficiary_account_number: likePrefix(q) } : {}),
    ...(words ? { beneficiary_name: words } : {}),
  };
}

const code = sql`lower(${beneficiaries.code})`;
/** Each probe's condition on its bound value, and its order (an index's). */
const PROBES: Record<Match, { condition: (value: ProbeBinding['values'][string]) => SQL; order: SQL }> = {
  beneficiary_code: { condition: (v) => sql`${code} like ${v}`, order: sql`${code} using ~<~` },
  beneficiary_account_number: {
    condition: (v) => sql`${beneficiaries.accountNumber} like ${v}`,
    order: sql`${beneficiaries.accountNumber} using ~<~`,
  },
  beneficiary_name: {
    // The same expression as the GIN index beneficiaries_name_words_idx.
    condition: (v) => sql`to_tsvector('simple', ${beneficiaries.name}) @@ to_tsquery('simple', ${v})`,
    order: sql`${beneficiaries.name}, ${beneficiaries.code}`,
  },
};

/** The statement of a search: code prefix, account-number prefix and name-word prefixes, each an index probe. */
const beneficiarySearch = probeStatement('search_beneficiaries', probeValues, (db, binding) =>
  unionOfProbes(
    (Object.keys(binding.values) as Match[]).map((match) =>
      probe(db, binding, match, PROBES[match].condition(binding.values[match]!), PROBES[match].order),
    ),
  ),
);
export const beneficiarySearchQuery = beneficiarySearch.query;

/** Beneficiaries by code, name or account number; each opens its details from the beneficiaries list. */
export const beneficiarySearcher: Searcher = {
  type: 'beneficiary',
  async search(db, scope) {
    const results: GlobalSearchResult[] = [];
    for (const row of firstOfEach(await beneficiarySearch.run(db, scope), (r) => r.code)) {
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
