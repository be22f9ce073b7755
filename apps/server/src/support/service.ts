import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  CreateSupportTicket,
  SupportCategory,
  SupportStatus,
  SupportTicket,
} from '@meridian/contract/support';
import { auditBy, type Actor } from '../audit/actor.ts';
import { inTransaction, type Db } from '../db/database.ts';
import { clients, supportTickets } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';

type TicketRow = typeof supportTickets.$inferSelect;

export const toSupportTicket = (row: TicketRow): SupportTicket => ({
  urn: row.urn,
  subject: row.subject,
  category: row.category as SupportCategory,
  message: row.message,
  status: row.status as SupportStatus,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  status_changed_at: row.statusChangedAt?.toISOString() ?? null,
});

/**
 * A ticket sent by `actor` (a user of the client): stored OPEN with an audit record (`support.ticket_created`:
 * subject and category; the message stays in the ticket) in one transaction. `now` lets the demo seed backdate.
 */
export async function createSupportTicket(
  db: Db,
  actor: Actor,
  input: CreateSupportTicket,
  now = new Date(),
): Promise<SupportTicket> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({
        clientRef: actor.clientRef,
        urn: newId('TKT', now.getTime()),
        subject: input.subject,
        category: input.category,
        message: input.message,
        createdByRef: actor.userRef,
        createdBy: actor.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await auditBy(tx, actor, 'support.ticket_created', row!.urn, {
      subject: row!.subject,
      category: row!.category,
    });
    return toSupportTicket(row!);
  });
}

/** One of the client's tickets; another client's urn is a 404 like an unknown one. */
export async function getSupportTicket(db: Db, clientRef: number, urn: string): Promise<SupportTicket> {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.clientRef, clientRef), eq(supportTickets.urn, urn)));
  if (!row) throw notFound(`No support ticket with urn ${urn}`);
  return toSupportTicket(row);
}

/**
 * Meridian operations set a ticket's status. Audited in THAT client's audit log (`support.ticket_status_changed`,
 * from and to) with the operations user's e-mail as the actor (no user_ref: the user is Meridian's own). Setting
 * the status it already has changes nothing and writes no record. `companyRef` is the ticket's client.
 */
export async function changeSupportTicketStatus(
  db: Db,
  ops: Actor,
  companyRef: number,
  urn: string,
  status: SupportStatus,
  now = new Date(),
): Promise<{ ticket: SupportTicket; previous: SupportStatus }> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.clientRef, companyRef), eq(supportTickets.urn, urn)))
      .for('update');
    if (!row) throw notFound(`No support ticket with urn ${urn}`);
    const previous = row.status as SupportStatus;
    if (previous === status) return { ticket: toSupportTicket(row), previous };
    const [updated] = await tx
      .update(supportTickets)
      .set({ status, statusChangedAt: now, updatedAt: now })
      .where(and(eq(supportTickets.clientRef, companyRef), eq(supportTickets.id, row.id)))
      .returning();
    await auditBy(
      tx,
      { clientRef: companyRef, userRef: null, email: ops.email, meta: ops.meta },
      'support.ticket_status_changed',
      urn,
      { from: previous, to: status },
    );
    return { ticket: toSupportTicket(updated!), previous };
  });
}

/** Operations' queue: every client's tickets (or those in one status), newest first, with the company. */
export async function listAllSupportTickets(
  db: Db,
  opts: { status?: SupportStatus | undefined; limit: number; offset: number },
) {
  const where: SQL | undefined = opts.status ? eq(supportTickets.status, opts.status) : undefined;
  const rows = await db
    .select({ ticket: supportTickets, clientId: clients.clientId, companyName: clients.companyCommonName })
    .from(supportTickets)
    .innerJoin(clients, eq(clients.id, supportTickets.clientRef))
    .where(where)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((r) => ({
    ...toSupportTicket(r.ticket),
    client_id: r.clientId,
    company_name: r.companyName,
  }));
}

export async function countAllSupportTickets(db: Db, status?: SupportStatus): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(status ? eq(supportTickets.status, status) : undefined);
  return row?.n ?? 0;
}
