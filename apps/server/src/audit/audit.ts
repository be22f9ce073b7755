import type { Db } from '../db/database.ts';
import { auditLog, platformAuditLog } from '../db/schema.ts';

export type AuditEntry = {
  action: string;
  clientRef?: number | null;
  userRef?: number | null;
  actor?: string | null;
  target?: string | null;
  ip?: string | null;
  requestId?: string | null;
  /** Never put secrets (passwords, codes, tokens) here. */
  metadata?: Record<string, unknown>;
};

/**
 * Writes one audit record: who did what, when, from which IP. A record about a client goes to that client's
 * `audit_log` (in the caller's transaction, beside the change); one that belongs to no client (a sign-in for an
 * unknown e-mail, an access request) goes to `platform_audit_log`.
 */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  const record = {
    action: entry.action,
    actor: entry.actor ?? null,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
    metadata: entry.metadata ?? null,
  };
  if (entry.clientRef == null) await db.insert(platformAuditLog).values(record);
  else
    await db
      .insert(auditLog)
      .values({ ...record, clientRef: entry.clientRef, userRef: entry.userRef ?? null });
}
