import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentLink, PaymentLinkStatus } from '@meridian/contract/payment-links';
import type { Db } from '../db/database.ts';
import { withinClient } from '../db/distribution.ts';
import { accounts, paymentLinks } from '../db/schema.ts';
import type { ListScope } from '../lists/register-list.ts';
import { afterCursor, cursorColumns, keysetPages } from '../lists/keyset.ts';
import { toPaymentLink } from './answer.ts';

type Scope = ListScope<{ status?: string | undefined }>;

const SEARCH_COLUMNS: Record<string, (v: string) => SQL> = {
  urn: (v) => eq(paymentLinks.urn, v),
  customer_reference_number: (v) => eq(paymentLinks.customerReferenceNumber, v),
};

/**
 * The status filter as the answers show it: an open link past its expiry is EXPIRED even before the sweeper
 * (at most a minute later) writes it.
 */
function statusWhere(given: string | undefined): SQL | undefined {
  const status = given as PaymentLinkStatus | undefined;
  if (!status) return undefined;
  const open = and(eq(paymentLinks.status, 'CREATED'), sql`${paymentLinks.expiresAt} <= now()`);
  if (status === 'CREATED')
    return and(eq(paymentLinks.status, 'CREATED'), sql`${paymentLinks.expiresAt} > now()`);
  if (status === 'EXPIRED') return or(eq(paymentLinks.status, 'EXPIRED'), open);
  return eq(paymentLinks.status, status);
}

/** A client's links created in the filter's days, newest first (index (client_ref, created_at, id)). */
function where({ clientRef, filter, params }: Scope): SQL | undefined {
  return and(
    eq(paymentLinks.clientRef, clientRef),
    gte(paymentLinks.createdAt, filter.from),
    lt(paymentLinks.createdAt, filter.to),
    filter.search ? SEARCH_COLUMNS[filter.search.key]!(filter.search.value) : undefined,
    statusWhere(params.status),
  );
}

export async function listPaymentLinks(db: Db, scope: Scope): Promise<PaymentLink[]> {
  const rows = await db
    .select({ link: paymentLinks, accountNumber: accounts.accountNumber })
    .from(paymentLinks)
    .innerJoin(accounts, withinClient(accounts, paymentLinks.clientRef, paymentLinks.accountRef))
    .where(where(scope))
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  const now = new Date();
  return rows.map((r) => toPaymentLink(r.link, r.accountNumber, now));
}

export async function countPaymentLinks(db: Db, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentLinks)
    .where(where(scope));
  return row?.n ?? 0;
}

/** Every link of the list's filter in keyset pages (collection requests), the list's rows. */
export function paymentLinkReportPages(db: Db, scope: Scope, pageSize: number) {
  return keysetPages(pageSize, async (cursor, limit) => {
    const rows = await db
      .select({
        link: paymentLinks,
        accountNumber: accounts.accountNumber,
        ...cursorColumns(paymentLinks.createdAt, paymentLinks.id),
      })
      .from(paymentLinks)
      .innerJoin(accounts, withinClient(accounts, paymentLinks.clientRef, paymentLinks.accountRef))
      .where(and(where(scope), afterCursor(paymentLinks.createdAt, paymentLinks.id, cursor)))
      .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
      .limit(limit);
    const now = new Date();
    return rows.map((r) => ({
      ...toPaymentLink(r.link, r.accountNumber, now),
      cursorAt: r.cursorAt,
      cursorId: r.cursorId,
    }));
  });
}
