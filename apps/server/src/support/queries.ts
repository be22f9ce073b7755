import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { SupportCategory, SupportStatus, SupportTicket } from '@meridian/contract/support';
import type { Db } from '../db/database.ts';
import { supportTickets } from '../db/schema.ts';
import type { ListScope } from '../lists/register-list.ts';
import { toSupportTicket } from './service.ts';

/** SUPPORT_TICKETS_LIST's filters: a status (empty: every status) and a category. */
type Scope = ListScope<{ status?: SupportStatus | '' | undefined; category?: string | undefined }>;

/** `%`, `_` and `\` in a search value match themselves. */
const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const SEARCH_COLUMNS: Record<string, (v: string) => SQL> = {
  urn: (v) => eq(supportTickets.urn, v.toUpperCase()),
  subject: (v) => sql`${supportTickets.subject} ILIKE ${`%${likeEscape(v)}%`}`,
};

/** A client's tickets sent in the filter's days (index (client_ref[, status], created_at, id)). */
function where({ clientRef, filter, params }: Scope): SQL | undefined {
  return and(
    eq(supportTickets.clientRef, clientRef),
    gte(supportTickets.createdAt, filter.from),
    lt(supportTickets.createdAt, filter.to),
    filter.search ? SEARCH_COLUMNS[filter.search.key]!(filter.search.value) : undefined,
    params.status ? eq(supportTickets.status, params.status) : undefined,
    params.category ? eq(supportTickets.category, params.category as SupportCategory) : undefined,
  );
}

export async function listSupportTickets(db: Db, scope: Scope): Promise<SupportTicket[]> {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(where(scope))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map(toSupportTicket);
}

export async function countSupportTickets(db: Db, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(where(scope));
  return row?.n ?? 0;
}
