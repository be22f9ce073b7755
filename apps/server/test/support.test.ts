import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients, supportTickets } from '../src/db/schema.ts';
import { seedDemoSupport } from '../src/seed/demo-support.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

/**
 * Support tickets (support/): sending one from the help centre (validation, audit, e-mail), the list through
 * registerList (date range, search by urn and subject, status, count, CSV), a ticket's detail, tenant isolation,
 * and Meridian operations' queue and status change (ops role only, audited in the company's log).
 */
const server = useServer();
const P = 'meridian';
const TICKETS = '/v2/support/tickets';
const SEARCH = `/${P}/read/search/support/tickets`;
const COUNT = `/${P}/read/count/support/tickets`;
const EXPORT = `/${P}/read/export/support/tickets`;
const OPS = `/${P}/operations/support/tickets`;

let acme: ClientSession;
let globex: ClientSession;
let ops: ClientSession;
const db = () => server.current.handle.db;

const valid = {
  subject: 'Payout stuck in PENDING',
  category: 'PAYOUTS',
  message: 'A payout to an account ending 0003 has been PENDING for a few minutes. Is that expected?',
};
type Ticket = { urn: string; subject: string; status: string; category: string; created_by: string };

beforeAll(async () => {
  acme = await clientSession(server.current, 'admin@acme.test');
  globex = await clientSession(server.current, 'admin@globex.test');
  ops = await clientSession(server.current, 'ops@meridian.test');
});

describe('POST /v2/support/tickets', () => {
  it('creates an OPEN ticket, audits it and e-mails its sender', async () => {
    const res = await acme.call('POST', TICKETS, { body: valid });
    expect(res.status).toBe(201);
    const t = res.body as Ticket & { message: string; status_changed_at: string | null };
    expect(t.urn).toMatch(/^TKT[0-9A-Z]{26}$/);
    expect(t).toMatchObject({
      ...valid,
      status: 'OPEN',
      created_by: 'admin@acme.test',
      status_changed_at: null,
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'support.ticket_created'), eq(auditLog.target, t.urn)));
    expect(audit?.actor).toBe('admin@acme.test');
    expect(audit?.metadata).toEqual({ subject: valid.subject, category: 'PAYOUTS' });
    const mail = server.current.lastEmail('admin@acme.test');
    expect(mail.subject).toBe(`We received your support request ${t.urn}`);
    expect(mail.text).toContain('/help-center');
  });

  it('trims text, and keeps line breaks in the message', async () => {
    const res = await acme.call('POST', TICKETS, {
      body: {
        subject: '  Statement question  ',
        category: 'ACCOUNTS',
        message: 'Line one of it\nand line two.',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      subject: 'Statement question',
      message: 'Line one of it\nand line two.',
    });
  });

  it.each([
    [{ ...valid, subject: 'Hi' }, 'subject', 'A subject is 5 to 120 characters'],
    [{ ...valid, subject: 'x'.repeat(121) }, 'subject', 'A subject is 5 to 120 characters'],
    [{ ...valid, subject: 'two\nlines here' }, 'subject', 'A subject is one line'],
    [{ ...valid, message: 'too short' }, 'message', 'A message is 20 to 5000 characters'],
    [{ ...valid, message: 'y'.repeat(5001) }, 'message', 'A message is 20 to 5000 characters'],
    [{ ...valid, category: 'BILLING' }, 'category', 'Choose a category'],
    [{ subject: valid.subject, message: valid.message }, 'category', 'Choose a category'],
    [{ ...valid, subject: 42 }, 'subject', 'Enter a subject'],
  ])('refuses bad input with a 400 naming the field (%#)', async (body, field, message) => {
    const before = (await db().select().from(supportTickets)).length;
    const res = await acme.call('POST', TICKETS, { body });
    expect(res.status).toBe(400);
    expect(res.body['error']).toBe('validation_failed');
    expect((res.body['fields'] as Record<string, string>)[field]).toContain(message);
    expect((await db().select().from(supportTickets)).length).toBe(before);
  });

  it('refuses a control character (text rule) and needs a session', async () => {
    const nul = await acme.call('POST', TICKETS, { body: { ...valid, subject: 'bad\u0000subject' } });
    expect(nul.status).toBe(400);
    expect(nul.body['fields']).toHaveProperty('subject');
    const anonymous = await server.current.app.inject({ method: 'POST', url: TICKETS, payload: valid });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the tickets list, count, detail and CSV', () => {
  let mine: Ticket;
  beforeAll(async () => {
    mine = (
      await acme.call('POST', TICKETS, {
        body: { subject: 'Callback signature mismatch', category: 'CALLBACKS', message: valid.message },
      })
    ).body as Ticket;
    await globex.call('POST', TICKETS, {
      body: { subject: 'Globex callback question', category: 'CALLBACKS', message: valid.message },
    });
  });

  it("lists only the client's tickets, newest first, with the count", async () => {
    const list = await acme.call('GET', SEARCH);
    expect(list.status).toBe(200);
    const rows = list.body['data'] as Ticket[];
    expect(rows[0]!.urn).toBe(mine.urn);
    expect(rows.every((r) => r.created_by.endsWith('@acme.test'))).toBe(true);
    const count = await acme.call('GET', COUNT);
    expect(count.body).toEqual({ count: rows.length });
    expect(rows.length).toBe(3);
  });

  it('searches by urn and by part of the subject (any case), and filters by status', async () => {
    const byUrn = await acme.call(
      'GET',
      `${SEARCH}?search_key=${P}_urn&search_value=${mine.urn.toLowerCase()}`,
    );
    expect((byUrn.body['data'] as Ticket[]).map((r) => r.urn)).toEqual([mine.urn]);
    const bySubject = await acme.call('GET', `${SEARCH}?search_key=subject&search_value=SIGNATURE`);
    expect((bySubject.body['data'] as Ticket[]).map((r) => r.urn)).toEqual([mine.urn]);
    const percent = await acme.call('GET', `${SEARCH}?search_key=subject&search_value=%25`);
    expect(percent.body['data']).toEqual([]);
    const open = await acme.call('GET', `${COUNT}?status=OPEN`);
    expect(open.body).toEqual({ count: 3 });
    const resolved = await acme.call('GET', `${COUNT}?status=RESOLVED`);
    expect(resolved.body).toEqual({ count: 0 });
    const all = await acme.call('GET', `${COUNT}?status=`);
    expect(all.body).toEqual({ count: 3 });
    const callbacks = await acme.call('GET', `${SEARCH}?category=CALLBACKS&status=OPEN`);
    expect((callbacks.body['data'] as Ticket[]).map((r) => r.urn)).toEqual([mine.urn]);
    expect((await acme.call('GET', `${COUNT}?category=KYC`)).body).toEqual({ count: 0 });
    expect((await acme.call('GET', `${COUNT}?category=BILLING`)).status).toBe(400);
  });

  it('takes the date range in the user time zone and refuses bad filters', async () => {
    const past = await acme.call('GET', `${COUNT}?start_date=2025-01-01&end_date=2025-01-31`);
    expect(past.body).toEqual({ count: 0 });
    for (const query of [
      'search_key=message&search_value=x',
      'status=DONE',
      'start_date=2025-02-30',
      'start_date=2026-02-01&end_date=2026-01-01',
      'limit=0',
    ]) {
      const res = await acme.call('GET', `${SEARCH}?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('answers a ticket to its client only (404 for another client)', async () => {
    const own = await acme.call('GET', `${TICKETS}/${mine.urn}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ urn: mine.urn, created_by: 'admin@acme.test' });
    const other = await globex.call('GET', `${TICKETS}/${mine.urn}`);
    expect(other.status).toBe(404);
    const globexRows = (await globex.call('GET', SEARCH)).body['data'] as Ticket[];
    expect(globexRows.map((r) => r.subject)).toEqual(['Globex callback question']);
    const search = await globex.call('GET', `${SEARCH}?search_key=${P}_urn&search_value=${mine.urn}`);
    expect(search.body['data']).toEqual([]);
  });

  it('exports the filtered tickets as CSV', async () => {
    const res = await server.current.app.inject({
      method: 'GET',
      url: `${EXPORT}?search_key=subject&search_value=signature`,
      headers: { authorization: `Bearer ${acme.access_token}`, client_id: acme.client_id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(`created_at,${P}_urn,subject,category,status,created_by,updated_at`);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(mine.urn);
  });
});

describe('operations', () => {
  let ticket: Ticket;
  beforeAll(async () => {
    ticket = (
      await acme.call('POST', TICKETS, {
        body: { subject: 'Team member cannot sign in', category: 'ACCOUNT_ACCESS', message: valid.message },
      })
    ).body as Ticket;
  });

  it('lists every client’s tickets for ops, with the company, filtered by status', async () => {
    const res = await ops.call('GET', `${OPS}?status=OPEN&limit=100`);
    expect(res.status).toBe(200);
    const rows = res.body['data'] as (Ticket & { client_id: string; company_name: string })[];
    expect(rows[0]).toMatchObject({
      urn: ticket.urn,
      client_id: acme.client_id,
      company_name: 'Acme Retail',
    });
    expect(new Set(rows.map((r) => r.company_name))).toEqual(new Set(['Acme Retail', 'Globex Labs']));
    const count = await ops.call('GET', `${OPS}/count?status=OPEN`);
    expect(count.body).toEqual({ count: rows.length });
  });

  it("changes a ticket's status: audited in the company's log, seen by the client, its sender e-mailed", async () => {
    const url = `${OPS}/${acme.client_id}/${ticket.urn}/status`;
    const res = await ops.call('POST', url, { body: { status: 'RESOLVED' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ urn: ticket.urn, status: 'RESOLVED' });
    expect(res.body['status_changed_at']).toEqual(expect.any(String));
    const seen = await acme.call('GET', `${TICKETS}/${ticket.urn}`);
    expect(seen.body['status']).toBe('RESOLVED');
    const listed = await acme.call('GET', `${SEARCH}?status=RESOLVED`);
    expect((listed.body['data'] as Ticket[]).map((r) => r.urn)).toEqual([ticket.urn]);
    const [acmeRef] = await db()
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.clientId, acme.client_id));
    const records = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'support.ticket_status_changed'), eq(auditLog.target, ticket.urn)));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      clientRef: acmeRef!.id,
      userRef: null,
      actor: 'ops@meridian.test',
      metadata: { from: 'OPEN', to: 'RESOLVED' },
    });
    expect(server.current.lastEmail('admin@acme.test').subject).toBe(
      `Your support request ${ticket.urn} is resolved`,
    );
    // The same status again changes nothing and writes no record.
    const again = await ops.call('POST', url, { body: { status: 'RESOLVED' } });
    expect(again.status).toBe(200);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'support.ticket_status_changed'), eq(auditLog.target, ticket.urn))),
    ).toHaveLength(1);
  });

  it('refuses a bad status, an unknown company or ticket, and a ticket of another company', async () => {
    const bad = await ops.call('POST', `${OPS}/${acme.client_id}/${ticket.urn}/status`, {
      body: { status: 'DONE' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body['fields']).toHaveProperty('status');
    const company = await ops.call('POST', `${OPS}/CLI-UNKNOWN/${ticket.urn}/status`, {
      body: { status: 'OPEN' },
    });
    expect(company.status).toBe(404);
    const unknown = await ops.call('POST', `${OPS}/${acme.client_id}/TKTUNKNOWN/status`, {
      body: { status: 'OPEN' },
    });
    expect(unknown.status).toBe(404);
    const crossed = await ops.call('POST', `${OPS}/${globex.client_id}/${ticket.urn}/status`, {
      body: { status: 'CLOSED' },
    });
    expect(crossed.status).toBe(404);
    expect((await acme.call('GET', `${TICKETS}/${ticket.urn}`)).body['status']).toBe('RESOLVED');
  });

  it('is 403 permission_denied (ops.support) for a client’s members, owners included', async () => {
    for (const session of [acme, globex]) {
      const change = await session.call('POST', `${OPS}/${acme.client_id}/${ticket.urn}/status`, {
        body: { status: 'CLOSED' },
      });
      expect(change.status).toBe(403);
      expect(change.body).toMatchObject({
        error: 'permission_denied',
        message: expect.stringMatching(/ops\.support/),
      });
      expect((await session.call('GET', OPS)).status).toBe(403);
    }
    expect((await acme.call('GET', `${TICKETS}/${ticket.urn}`)).body['status']).toBe('RESOLVED');
  });
});

describe('demo seed', () => {
  it('sends tickets through the service, one resolved by ops, and is idempotent', async () => {
    const customers = await db()
      .select({ id: clients.id })
      .from(clients)
      // Companies (a company's test mode is a tenant under it, with no members of its own).
      .where(and(eq(clients.kind, 'customer'), isNull(clients.companyRef)))
      .orderBy(clients.id);
    // Fresh clients only: seeding skips a client that has tickets.
    await db().delete(supportTickets);
    await seedDemoSupport(db(), customers);
    await seedDemoSupport(db(), customers);
    const rows = await db().select().from(supportTickets).orderBy(supportTickets.createdAt);
    const first = rows.filter((r) => r.clientRef === customers[0]!.id);
    expect(first.map((r) => r.status).sort()).toEqual(['IN_PROGRESS', 'OPEN', 'RESOLVED']);
    expect(rows.filter((r) => r.clientRef === customers[1]!.id)).toHaveLength(1);
    const listed = await acme.call('GET', `${SEARCH}?status=RESOLVED`);
    expect((listed.body['data'] as Ticket[])[0]?.subject).toBe('Payout to account ending 0004 was returned');
  });
});
