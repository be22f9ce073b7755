import type { Db } from '../db/database.ts';
import { auditLog, platformAuditLog } from '../db/schema.ts';
import { tenantOf } from '../db/tenants.ts';

/**
 * The action families about what the company shares by both modes (sign-in, members, team, company settings, the
 * IP allow-list, support, onboarding, Meridian operations): their entries have no mode (`livemode` null), as
 * migration 0023 set them on the entries before modes.
 */
export const SHARED_ACTION_FAMILIES = new Set([
  'auth',
  'user',
  'team',
  'company',
  'ip_allowlist',
  'support',
  'onboarding',
  'ops',
]);

export type AuditEntry = {
  action: string;
  /** The tenant the entry is about (a mode's, or the company's). */
  clientRef?: number | null;
  /** The company whose log it goes to; absent: the tenant's company. */
  companyRef?: number;
  /** The entry's mode; null: the company's shared settings; absent: the tenant's mode. */
  livemode?: boolean | null;
  userRef?: number | null;
  actor?: string | null;
  target?: string | null;
  ip?: string | null;
  requestId?: string | null;
  /** Never put secrets (passwords, codes, tokens) here. */
  metadata?: Record<string, unknown>;
};

/**
 * Writes one audit record: who did what, when, from which IP. A record about a client goes to that company's
 * `audit_log` with its mode (in the caller's transaction, beside the change); one that belongs to no client (a sign-in for an
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
  if (entry.clientRef == null) {
    await db.insert(platformAuditLog).values(record);
    return;
  }
  // One log per company, both modes in it: each entry says its mode (null: what the modes share).
  const tenant =
    entry.companyRef === undefined || entry.livemode === undefined
      ? await tenantOf(db, entry.clientRef)
      : null;
  const shared = SHARED_ACTION_FAMILIES.has(entry.action.split('.')[0]!);
  await db.insert(auditLog).values({
    ...record,
    clientRef: entry.companyRef ?? tenant!.companyRef,
    livemode: entry.livemode !== undefined ? entry.livemode : shared ? null : tenant!.livemode,
    userRef: entry.userRef ?? null,
  });
}
