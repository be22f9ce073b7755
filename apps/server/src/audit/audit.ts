import type { Db } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';

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

/** Writes one audit record: who did what, when, from which IP. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    clientRef: entry.clientRef ?? null,
    userRef: entry.userRef ?? null,
    actor: entry.actor ?? null,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
    metadata: entry.metadata ?? null,
  });
}
