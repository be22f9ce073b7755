import { and, eq, like } from 'drizzle-orm';
import type { Actor } from '../audit/actor.ts';
import type { Db } from '../db/database.ts';
import { auditLog, users } from '../db/schema.ts';
import { addAllowlistEntry } from '../ip-allowlist/service.ts';

/**
 * Acme Retail's demo IP allow-list, added through the allow-list service by its admin (so the audit log shows the
 * changes with their before and after). The entries never block the demo: this machine's loopback addresses
 * (the sandbox's own calls and the tests come from there) and two documentation ranges (RFC 5737, RFC 3849).
 */
export const DEMO_ALLOWLIST = [
  { ip: '127.0.0.1', label: 'This machine (IPv4 loopback)' },
  { ip: '::1', label: 'This machine (IPv6 loopback)' },
  { ip: '203.0.113.0/24', label: 'Office NAT (documentation range)' },
  { ip: '2001:db8:4d::/48', label: 'Production VPC (documentation range)' },
] as const;

/** Idempotent: only for a client whose list was never changed (no allow-list record in its audit log). */
export async function seedDemoIpAllowlist(db: Db, customers: { id: number; name: string }[]): Promise<void> {
  const acme = customers.find((c) => c.name === 'Acme Retail');
  if (!acme) return;
  const [touched] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.clientRef, acme.id), like(auditLog.action, 'ip_allowlist.%')))
    .limit(1);
  if (touched) return;
  const [admin] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.clientRef, acme.id), eq(users.email, 'admin@acme.test')))
    .limit(1);
  const actor: Actor = {
    clientRef: acme.id,
    userRef: admin?.id ?? null,
    email: admin?.email ?? 'demo-seed',
    meta: { ip: '127.0.0.1', userAgent: null, requestId: 'demo-seed' },
  };
  for (const entry of DEMO_ALLOWLIST) await addAllowlistEntry(db, actor, entry);
}
