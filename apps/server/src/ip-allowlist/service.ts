import { and, asc, eq, sql } from 'drizzle-orm';
import {
  MAX_IP_ALLOWLIST_ENTRIES,
  addressInRanges,
  parseCidr,
  type IpAllowlistEntry,
  type IpWhitelistResult,
  type ParsedCidr,
} from '@meridian/contract/ip-allowlist';
import { auditBy, type Actor } from '../audit/actor.ts';
import * as limits from '../auth/rate-limit.ts';
import { inTransaction, type Db } from '../db/database.ts';
import { clients, ipAllowlistEntries } from '../db/schema.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';

type Row = typeof ipAllowlistEntries.$inferSelect;

/** The owner name under which each process caches a client's allow-list (db/session-cache.ts companion). */
export const allowlistOwner = (clientRef: number) => `ipallow:${clientRef}`;

export const toEntry = (r: Row): IpAllowlistEntry => ({
  entry_id: r.entryId,
  cidr: r.cidr,
  ip_version: r.cidr.includes(':') ? 'IPv6' : 'IPv4',
  label: r.label,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
});

/** The client's entries, oldest first (the order they were added). */
export async function listAllowlist(db: Db, clientRef: number): Promise<IpAllowlistEntry[]> {
  const rows = await db
    .select()
    .from(ipAllowlistEntries)
    .where(eq(ipAllowlistEntries.clientRef, clientRef))
    .orderBy(asc(ipAllowlistEntries.createdAt), asc(ipAllowlistEntries.id));
  return rows.map(toEntry);
}

/** The client's ranges, parsed for matching (what the API-key guard caches). */
export async function allowedRanges(db: Db, clientRef: number): Promise<ParsedCidr[]> {
  const rows = await db
    .select({ cidr: ipAllowlistEntries.cidr })
    .from(ipAllowlistEntries)
    .where(eq(ipAllowlistEntries.clientRef, clientRef));
  return rows.flatMap((r) => {
    const parsed = parseCidr(r.cidr);
    return parsed.ok ? [parsed] : [];
  });
}

/** True when the list is empty (nothing enforced) or `ip` lies in one of its ranges. */
export const isAllowed = (ranges: readonly ParsedCidr[], ip: string) =>
  ranges.length === 0 || addressInRanges(ip, ranges);

function normalised(ip: string): string {
  const parsed = parseCidr(ip);
  if (!parsed.ok) throw badRequest(parsed.message, { ip: parsed.message });
  return parsed.cidr;
}

/** 409 when `cidr` is listed already, 422 when the list is full: an addition is checked so when made and held. */
function checkAddition(list: { cidr: string; label: string; created_by: string }[], cidr: string): void {
  const existing = list.find((e) => e.cidr === cidr);
  if (existing)
    throw new AppError(
      409,
      'duplicate_ip',
      `${cidr} is already in the allow-list (“${existing.label}”, added by ${existing.created_by})`,
      { fields: { ip: 'is already in the allow-list' } },
    );
  if (list.length >= MAX_IP_ALLOWLIST_ENTRIES)
    throw new AppError(
      422,
      'too_many_ip_entries',
      `The allow-list holds ${MAX_IP_ALLOWLIST_ENTRIES} entries, the most allowed: remove one or use a wider range`,
      { fields: { ip: 'the allow-list is full' } },
    );
}

/**
 * Adds an entry. A range the list already holds (in any spelling) is a 409 naming the existing entry; past
 * MAX_IP_ALLOWLIST_ENTRIES a 422. The client's changes are serialised (its row locked) so two racing additions
 * cannot pass the cap. Audited with the list before and after.
 */
export async function addAllowlistEntry(
  db: Db,
  actor: Actor,
  input: { ip: string; label: string },
): Promise<IpWhitelistResult> {
  const cidr = normalised(input.ip);
  const label = input.label.trim();
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT id FROM ${clients} WHERE id = ${actor.clientRef} FOR UPDATE`);
    const before = await listAllowlist(tx, actor.clientRef);
    checkAddition(before, cidr);
    const [row] = await tx
      .insert(ipAllowlistEntries)
      .values({
        clientRef: actor.clientRef,
        entryId: newId('IPA'),
        cidr,
        label,
        // An entry added once its addition was approved is the maker's, not the approver's.
        createdBy: actor.onBehalfOf?.email ?? actor.email,
      })
      .returning();
    const entry = toEntry(row!);
    await auditBy(tx, actor, 'ip_allowlist.added', cidr, {
      entry: { cidr, label },
      before: before.map((e) => e.cidr),
      after: [...before.map((e) => e.cidr), cidr],
    });
    return { action: 'add', entry, entries: before.length + 1 };
  });
}

/** Removes the entry for this range (any spelling); 404 when the list has none. Audited with before and after. */
export async function removeAllowlistEntry(
  db: Db,
  actor: Actor,
  input: { ip: string },
): Promise<IpWhitelistResult> {
  const cidr = normalised(input.ip);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT id FROM ${clients} WHERE id = ${actor.clientRef} FOR UPDATE`);
    const before = await listAllowlist(tx, actor.clientRef);
    const [row] = await tx
      .delete(ipAllowlistEntries)
      .where(and(eq(ipAllowlistEntries.clientRef, actor.clientRef), eq(ipAllowlistEntries.cidr, cidr)))
      .returning();
    if (!row)
      throw new AppError(404, 'not_found', `${cidr} is not in the allow-list`, {
        fields: { ip: 'is not in the allow-list' },
      });
    const entry = toEntry(row);
    const after = before.filter((e) => e.cidr !== cidr).map((e) => e.cidr);
    await auditBy(tx, actor, 'ip_allowlist.removed', cidr, {
      entry: { cidr, label: entry.label },
      before: before.map((e) => e.cidr),
      after,
    });
    return { action: 'remove', entry, entries: after.length };
  });
}

/**
 * Checks an addition or removal as making it would (400 for a bad address, 409 for a range already listed, 422
 * for a full list, 404 for a range to remove that is not listed), without making it; answers the list's ranges
 * before and after, as the approvers of a change that waits see them.
 */
export async function planAllowlistChange(
  db: Db,
  clientRef: number,
  input: { action: 'add' | 'remove'; ip: string; label: string },
): Promise<{ cidr: string; before: string[]; after: string[] }> {
  const cidr = normalised(input.ip);
  const list = await listAllowlist(db, clientRef);
  const before = list.map((e) => e.cidr);
  if (input.action === 'remove') {
    if (!before.includes(cidr))
      throw new AppError(404, 'not_found', `${cidr} is not in the allow-list`, {
        fields: { ip: 'is not in the allow-list' },
      });
    return { cidr, before, after: before.filter((c) => c !== cidr) };
  }
  checkAddition(list, cidr);
  return { cidr, before, after: [...before, cidr] };
}

/**
 * Records a refused API-key call in the client's audit log, at most once per client, address and minute (a
 * counter in `rate_limits`, shared by every process), so a misconfigured server retrying in a loop does not flood
 * the log. Answers whether a record was written.
 */
export async function recordRefusal(
  db: Db,
  refusal: { clientRef: number; ip: string; keyId: string; method: string; path: string; requestId: string },
): Promise<boolean> {
  const { count } = await limits.hit(db, `ipdeny:${refusal.clientRef}:${refusal.ip}`, 60);
  if (count > 1) return false;
  await auditBy(
    db,
    {
      clientRef: refusal.clientRef,
      userRef: null,
      email: `api_key:${refusal.keyId}`,
      meta: { ip: refusal.ip, userAgent: null, requestId: refusal.requestId },
    },
    'ip_allowlist.refused',
    refusal.keyId,
    { ip: refusal.ip, method: refusal.method, path: refusal.path },
  );
  return true;
}
