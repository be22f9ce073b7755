import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { NAME_MATCH_THRESHOLDS, type NameMatch } from '@meridian/contract';
import type { Db } from '../db/database.ts';
import { validations } from '../db/schema.ts';
import { tenantOf } from '../db/tenants.ts';
import type { VALIDATIONS_LIST } from '@meridian/contract/flow-lists';
import type { FilterParams, ListScope } from '../lists/register-list.ts';
import { afterCursor, cursorColumns, keysetPages } from '../lists/keyset.ts';
import { toValidation } from './service.ts';

const SEARCH_COLUMNS: Record<string, (v: string) => SQL> = {
  urn: (v) => eq(validations.urn, v),
  beneficiary_account_number: (v) => eq(validations.accountNumber, v),
  bank_reference_number: (v) => eq(validations.bankReferenceNumber, v),
};

/** The list's scope: its filter and the definition's filters (status, name match). */
type Scope = ListScope<FilterParams<typeof VALIDATIONS_LIST>>;

/** Validations whose score has this verdict (`nameMatchOf`'s thresholds); those without a score have none. */
function nameMatchWhere(verdict: NameMatch): SQL {
  const score = validations.nameMatchScore;
  const { match, partial } = NAME_MATCH_THRESHOLDS;
  switch (verdict) {
    case 'MATCH':
      return gte(score, match);
    case 'PARTIAL':
      return and(gte(score, partial), lt(score, match))!;
    case 'NO_MATCH':
      return lt(score, partial);
  }
}

/** The client's validations in the range ((client_ref, created_at) index), by search key and status. */
const where = ({ clientRef, filter, params }: Scope) =>
  and(
    eq(validations.clientRef, clientRef),
    gte(validations.createdAt, filter.from),
    lt(validations.createdAt, filter.to),
    filter.search ? SEARCH_COLUMNS[filter.search.key]!(filter.search.value) : undefined,
    params.status ? eq(validations.status, params.status) : undefined,
    params.name_match ? nameMatchWhere(params.name_match as NameMatch) : undefined,
  );

export async function listValidations(db: Db, scope: Scope) {
  const rows = await db
    .select()
    .from(validations)
    .where(where(scope))
    .orderBy(desc(validations.createdAt), desc(validations.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map(toValidation);
}

export async function countValidations(db: Db, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(validations)
    .where(where(scope));
  return row?.n ?? 0;
}

/** Every validation of the list's filter in keyset pages (the validation MIS), the list's rows. */
export function validationReportPages(db: Db, scope: Scope, pageSize: number) {
  return keysetPages(pageSize, async (cursor, limit) => {
    await tenantOf(db, scope.clientRef); // the report worker may not have met the tenant
    const rows = await db
      .select({ validation: validations, ...cursorColumns(validations.createdAt, validations.id) })
      .from(validations)
      .where(and(where(scope), afterCursor(validations.createdAt, validations.id, cursor)))
      .orderBy(desc(validations.createdAt), desc(validations.id))
      .limit(limit);
    return rows.map((r) => ({ ...toValidation(r.validation), cursorAt: r.cursorAt, cursorId: r.cursorId }));
  });
}
