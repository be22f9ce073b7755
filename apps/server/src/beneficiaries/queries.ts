import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, beneficiaries } from '../db/schema.ts';
import { tenantOf } from '../db/tenants.ts';
import type { BENEFICIARIES_LIST } from '@meridian/contract/flow-lists';
import type { FilterParams, ListScope } from '../lists/register-list.ts';
import { afterCursor, cursorColumns, keysetPages } from '../lists/keyset.ts';
import { senderAccountOf, toBeneficiary } from './service.ts';
import { coolingOffOf } from './cooling-off.ts';

const SEARCH_COLUMNS: Record<string, (v: string) => SQL> = {
  beneficiary_code: (v) => eq(sql`lower(${beneficiaries.code})`, v.toLowerCase()),
  beneficiary_account_number: (v) => eq(beneficiaries.accountNumber, v),
};

/** The list's scope: its filter and the definition's filters (status, transfer type). */
type Scope = ListScope<FilterParams<typeof BENEFICIARIES_LIST>>;

/** The client's beneficiaries added in the range ((client_ref, created_at) index), by search key and filters. */
const where = ({ clientRef, filter, params }: Scope) =>
  and(
    eq(beneficiaries.clientRef, clientRef),
    gte(beneficiaries.createdAt, filter.from),
    lt(beneficiaries.createdAt, filter.to),
    filter.search ? SEARCH_COLUMNS[filter.search.key]!(filter.search.value) : undefined,
    params.status ? eq(beneficiaries.status, params.status) : undefined,
    params.transfer_type ? eq(beneficiaries.transferType, params.transfer_type) : undefined,
  );

export async function listBeneficiaries(db: Db, scope: Scope) {
  const rows = await db
    .select({ beneficiary: beneficiaries, senderAccountNumber: accounts.accountNumber })
    .from(beneficiaries)
    .innerJoin(accounts, senderAccountOf)
    .where(where(scope))
    .orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map((r) => toBeneficiary(r.beneficiary, r.senderAccountNumber));
}

export async function countBeneficiaries(db: Db, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(beneficiaries)
    .where(where(scope));
  return row?.n ?? 0;
}

/** Active beneficiaries payable by bank transfer (the initiate-payout dropdown). */
export async function nonUpiBeneficiaries(db: Db, clientRef: number) {
  const rows = await db
    .select({ beneficiary: beneficiaries, senderAccountNumber: accounts.accountNumber })
    .from(beneficiaries)
    .innerJoin(accounts, senderAccountOf)
    .where(
      and(
        eq(beneficiaries.clientRef, clientRef),
        eq(beneficiaries.status, 'ACTIVE'),
        sql`${beneficiaries.accountNumber} IS NOT NULL`,
        sql`${beneficiaries.transferType} <> 'UPI'`,
      ),
    )
    .orderBy(beneficiaries.name)
    .limit(1000);
  return rows.map(({ beneficiary: b, senderAccountNumber }) => ({
    beneficiary_code: b.code,
    beneficiary_name: b.name,
    beneficiary_account_number: b.accountNumber,
    ifsc_code: b.ifsc,
    transfer_type: b.transferType as 'IMPS' | 'NEFT' | 'RTGS' | 'UPI',
    sender_account_number: senderAccountNumber,
    ...coolingOffOf(b),
    name_match_score: b.nameMatchScore,
  }));
}

/**
 * The latest bank-account validation (penny drop) of a beneficiary's account, as JSON (status, registered name,
 * name-match score, time) or null: one probe of the (client, account) index per row.
 */
const latestValidation = sql<{
  status: string;
  registered_name: string | null;
  name_match_score: number | null;
  created_at: string;
} | null>`(SELECT json_build_object('status', v.status, 'registered_name', v.registered_name,
    'name_match_score', v.name_match_score, 'created_at', v.created_at)
  FROM validations v
  WHERE v.client_ref = ${beneficiaries.clientRef} AND v.account_number = ${beneficiaries.accountNumber}
  ORDER BY v.created_at DESC LIMIT 1)`;

/** Every beneficiary of the list's filter in keyset pages (the beneficiaries report), the list's rows. */
export function beneficiaryReportPages(db: Db, scope: Scope, pageSize: number) {
  return keysetPages(pageSize, async (cursor, limit) => {
    await tenantOf(db, scope.clientRef); // the report worker may not have met the tenant
    const rows = await db
      .select({
        beneficiary: beneficiaries,
        senderAccountNumber: accounts.accountNumber,
        validation: latestValidation,
        ...cursorColumns(beneficiaries.createdAt, beneficiaries.id),
      })
      .from(beneficiaries)
      .innerJoin(accounts, senderAccountOf)
      .where(and(where(scope), afterCursor(beneficiaries.createdAt, beneficiaries.id, cursor)))
      .orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id))
      .limit(limit);
    return rows.map((r) => ({
      ...toBeneficiary(r.beneficiary, r.senderAccountNumber),
      validation: r.validation,
      cursorAt: r.cursorAt,
      cursorId: r.cursorId,
    }));
  });
}
