import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AUDIT_LOG_LIST, AuditRecord } from '@meridian/contract/audit-log';
import type { Db } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';
import { sha256 } from '../lib/ids.ts';
import type { ListFilter } from '../lists/list-query.ts';
import { afterCursor, cursorColumns, keysetPages } from '../lists/keyset.ts';

/** `mode` (the list's filter): `test` or `live` records only; absent, every record. */
type Scope = { clientRef: number; filter: ListFilter; params?: { mode?: string | undefined } };
type Row = typeof auditLog.$inferSelect;
/** A search key of the audit log (its definition's). */
type AuditLogSearchKey = (typeof AUDIT_LOG_LIST)['searchKeys'][number]['key'];

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search keys: `actor_email` (the actor, case-insensitive), `action` (exactly, or a family: `ip_allowlist`
 * finds `ip_allowlist.added` and `ip_allowlist.removed`), `object_id` (the object's id exactly). Each is served
 * by an index on (client_ref, key, created_at) of migration 0012.
 */
const SEARCH_COLUMNS: Record<AuditLogSearchKey, (v: string) => SQL | undefined> = {
  actor_email: (v) => eq(sql`lower(${auditLog.actor})`, v.toLowerCase()),
  action: (v) => or(eq(auditLog.action, v), like(auditLog.action, `${likeLiteral(v)}.%`)),
  object_id: (v) => eq(auditLog.target, v),
};

const where = ({ clientRef, filter, params }: Scope) =>
  and(
    eq(auditLog.clientRef, clientRef),
    gte(auditLog.createdAt, filter.from),
    lt(auditLog.createdAt, filter.to),
    filter.search ? SEARCH_COLUMNS[filter.search.key as AuditLogSearchKey](filter.search.value) : undefined,
    params?.mode ? eq(auditLog.livemode, params.mode === 'live') : undefined,
  );

/**
 * The record's public id: an opaque digest of its place, not the sequential row id. Stable,
 * so a link to an open record keeps working while the record is on the page.
 */
const auditIdOf = (r: Row) => `AUD${sha256(`audit:${r.clientRef}:${r.id}`).slice(0, 24).toUpperCase()}`;

export const toAuditRecord = (r: Row): AuditRecord => ({
  audit_id: auditIdOf(r),
  created_at: r.createdAt.toISOString(),
  actor: r.actor,
  action: r.action,
  object_id: r.target,
  ip: r.ip,
  request_id: r.requestId,
  metadata: r.metadata ?? null,
  livemode: r.livemode,
});

export async function listAuditRecords(db: Db, scope: Scope): Promise<AuditRecord[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(where(scope))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(scope.filter.limit)
    .offset(scope.filter.offset);
  return rows.map(toAuditRecord);
}

export async function countAuditRecords(db: Db, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where(scope));
  return row?.n ?? 0;
}

/** Every audit record of the list's filter in keyset pages (the audit report), the list's rows. */
export function auditReportPages(db: Db, scope: Scope, pageSize: number) {
  return keysetPages(pageSize, async (cursor, limit) => {
    const rows = await db
      .select({ record: auditLog, ...cursorColumns(auditLog.createdAt, auditLog.id) })
      .from(auditLog)
      .where(and(where(scope), afterCursor(auditLog.createdAt, auditLog.id, cursor)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit);
    return rows.map((r) => ({ ...toAuditRecord(r.record), cursorAt: r.cursorAt, cursorId: r.cursorId }));
  });
}
