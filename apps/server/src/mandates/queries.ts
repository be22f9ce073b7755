import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { MANDATE_PRESENTATIONS_LIST, MANDATE_REGISTRATIONS_LIST } from '@meridian/contract/mandates';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { accounts, mandatePresentations, mandates } from '../db/schema.ts';
import { amountBounds, type FilterParams, type ListScope } from '../lists/register-list.ts';
import { afterCursor, cursorColumns, keysetPages } from '../lists/keyset.ts';
import { toMandate, toPresentation } from './answer.ts';

/** The registrations' filters (status, mandate type); a report's scope narrows the type the same way. */
export type MandateParams = FilterParams<typeof MANDATE_REGISTRATIONS_LIST>;
/** The debits' filters (status, mandate type, amount range in rupees). */
export type PresentationParams = FilterParams<typeof MANDATE_PRESENTATIONS_LIST>;

const MANDATE_SEARCH: Record<string, (v: string) => SQL> = {
  urn: (v) => eq(mandates.urn, v),
  customer_reference_number: (v) => eq(mandates.customerReferenceNumber, v),
  umrn: (v) => eq(mandates.umrn, v),
};

/** The client's mandates created in the range, by search key, status and type: (client_ref, created_at) index. */
function mandateWhere({ clientRef, filter, params }: ListScope<MandateParams>) {
  return and(
    eq(mandates.clientRef, clientRef),
    gte(mandates.createdAt, filter.from),
    lt(mandates.createdAt, filter.to),
    filter.search ? MANDATE_SEARCH[filter.search.key]!(filter.search.value) : undefined,
    params.status ? eq(mandates.status, params.status) : undefined,
    params.type ? eq(mandates.type, params.type) : undefined,
  );
}

export async function listMandates(db: Db, scope: ListScope<MandateParams>) {
  const rows = await db
    .select({ mandate: mandates, creditAccount: accounts.accountNumber })
    .from(mandates)
    .innerJoin(accounts, withinClient(accounts, mandates.clientRef, mandates.accountRef))
    .where(mandateWhere(scope))
    .orderBy(desc(mandates.createdAt), desc(mandates.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map((r) => toMandate(r.mandate, r.creditAccount));
}

export async function countMandates(db: Db, scope: ListScope<MandateParams>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mandates)
    .where(mandateWhere(scope));
  return row?.n ?? 0;
}

const PRESENTATION_SEARCH: Record<string, (v: string) => SQL> = {
  urn: (v) => eq(mandatePresentations.urn, v),
  mandate_urn: (v) => eq(mandates.urn, v),
  customer_reference_number: (v) => eq(mandatePresentations.customerReferenceNumber, v),
  bank_reference_number: (v) => eq(mandatePresentations.bankReferenceNumber, v),
};

/** The client's debits presented in the range ((client_ref, created_at) index), by search key and filters. */
function presentationWhere({ clientRef, filter, params }: ListScope<PresentationParams>) {
  const amount = amountBounds(params, 'amount');
  return and(
    eq(mandatePresentations.clientRef, clientRef),
    gte(mandatePresentations.createdAt, filter.from),
    lt(mandatePresentations.createdAt, filter.to),
    filter.search ? PRESENTATION_SEARCH[filter.search.key]!(filter.search.value) : undefined,
    params.status ? eq(mandatePresentations.status, params.status) : undefined,
    params.mandate_type ? eq(mandates.type, params.mandate_type) : undefined,
    amount.min !== null ? gte(mandatePresentations.amount, amount.min) : undefined,
    amount.max !== null ? lte(mandatePresentations.amount, amount.max) : undefined,
  );
}

const ofMandate = withinClient(mandates, mandatePresentations.clientRef, mandatePresentations.mandateRef);

export async function listPresentations(db: Db, scope: ListScope<PresentationParams>) {
  const rows = await db
    .select({
      presentation: mandatePresentations,
      urn: mandates.urn,
      type: mandates.type,
      customerName: mandates.customerName,
    })
    .from(mandatePresentations)
    .innerJoin(mandates, ofMandate)
    .where(presentationWhere(scope))
    .orderBy(desc(mandatePresentations.createdAt), desc(mandatePresentations.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map((r) => toPresentation(r.presentation, r));
}

export async function countPresentations(db: Db, scope: ListScope<PresentationParams>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mandatePresentations)
    .innerJoin(mandates, ofMandate)
    .where(presentationWhere(scope));
  return row?.n ?? 0;
}

/** Mandate registrations of the filter in keyset pages (the NACH registration MIS), the list's rows. */
export function mandateReportPages(db: Db, scope: ListScope<MandateParams>, pageSize: number) {
  return keysetPages(pageSize, async (cursor, limit) => {
    const rows = await db
      .select({
        mandate: mandates,
        creditAccount: accounts.accountNumber,
        ...cursorColumns(mandates.createdAt, mandates.id),
      })
      .from(mandates)
      .innerJoin(accounts, withinClient(accounts, mandates.clientRef, mandates.accountRef))
      .where(and(mandateWhere(scope), afterCursor(mandates.createdAt, mandates.id, cursor)))
      .orderBy(desc(mandates.createdAt), desc(mandates.id))
      .limit(limit);
    return rows.map((r) => ({
      ...toMandate(r.mandate, r.creditAccount),
      cursorAt: r.cursorAt,
      cursorId: r.cursorId,
    }));
  });
}

/** Presentations (debits) of the filter in keyset pages, with their mandate's UMRN and payer: the debit MIS files. */
export function presentationReportPages(db: Db, scope: ListScope<PresentationParams>, pageSize: number) {
  return keysetPages(pageSize, async (cursor, limit) => {
    const rows = await db
      .select({
        presentation: mandatePresentations,
        urn: mandates.urn,
        type: mandates.type,
        customerName: mandates.customerName,
        umrn: mandates.umrn,
        payer: sql<string | null>`coalesce(${mandates.vpa}, ${mandates.accountNumber})`,
        ...cursorColumns(mandatePresentations.createdAt, mandatePresentations.id),
      })
      .from(mandatePresentations)
      .innerJoin(mandates, ofMandate)
      .where(
        and(
          presentationWhere(scope),
          afterCursor(mandatePresentations.createdAt, mandatePresentations.id, cursor),
        ),
      )
      .orderBy(desc(mandatePresentations.createdAt), desc(mandatePresentations.id))
      .limit(limit);
    return rows.map((r) => ({
      ...toPresentation(r.presentation, r),
      umrn: r.umrn,
      payer: r.payer,
      cursorAt: r.cursorAt,
      cursorId: r.cursorId,
    }));
  });
}
