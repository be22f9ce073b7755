import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  WEAK_NAME_MATCH_BELOW,
  coolingOffText,
  weakNameMatchText,
  type Beneficiary,
} from '@meridian/contract';
import type { Bulk, BulkValidation } from '@meridian/contract/bulk';
import { beneficiaries, clients } from '../src/db/schema.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

const server = useServer();
const P = '/meridian';
const ACCOUNT = '50100044332211';
const OTHER_ACCOUNT = '50100044332299';
const IFSC = 'HDFC0000001';
const CODE = 'COOL-1';
const HOUR = 3_600_000;

let acme: ClientSession;
let sender = '';
let crn = 0;
const payout = (amount: string, code = CODE) => ({
  customer_reference_number: `CO-${++crn}-${Date.now()}`,
  beneficiary_code: code,
  amount,
  transfer_type: 'IMPS',
  purpose_message: 'Invoice',
  sender_account_number: sender,
});
const pay = (amount: string, code = CODE) =>
  acme.call('POST', '/core_banking/money_transfer/initiate', {
    body: payout(amount, code),
    headers: { 'idempotency-key': `co-${Math.random().toString(36).slice(2)}` },
  });
const read = async (code = CODE) =>
  (await acme.call('GET', `${P}/read/fetch/manage/beneficiary/${code}`)).body as unknown as Beneficiary;
/** Moves the clock past (or back into) the beneficiary's cooling-off period. */
const limitUntil = async (code: string, until: Date | null) => {
  const [acmeRow] = await server.current.handle.db
    .select()
    .from(clients)
    .where(eq(clients.clientId, acme.client_id));
  await server.current.handle.db
    .update(beneficiaries)
    .set({ limitedUntil: until })
    .where(
      and(
        eq(beneficiaries.clientRef, acmeRow!.id),
        eq(sql`lower(${beneficiaries.code})`, code.toLowerCase()),
      ),
    );
};
const rowsOf = (amount: string) => ({
  rows: [
    {
      customer_reference_number: `COB-${++crn}-${Date.now()}`,
      beneficiary_code: CODE,
      amount,
      transfer_type: 'IMPS',
      purpose_message: 'Invoice',
    },
  ],
});

describe('cooling-off of new and changed beneficiaries', () => {
  it('limits a new beneficiary for 24 h at ₹25,000 and keeps the penny drop’s name match score', async () => {
    acme = await clientSession(server.current, 'admin@acme.test');
    sender = (
      (await acme.call('GET', `${P}/read/fetch/balance`)).body.data as { account_number: string }[]
    )[0]!.account_number;
    const validated = await acme.call('POST', '/core_banking/money_transfer/validate_account', {
      body: { beneficiary_account_number: ACCOUNT, ifsc_code: IFSC, beneficiary_name: 'Kavya Menon' },
    });
    const registered = validated.body.registered_name as string;
    const before = Date.now();
    const added = await acme.call('POST', '/v2/banking/beneficiary', {
      body: {
        beneficiary_code: CODE,
        beneficiary_name: registered,
        provider: 'Meridian Sandbox Bank',
        provider_code: 'MRDN',
        transfer_type: 'IMPS',
        sender_account_number: sender,
        beneficiary_account_number: ACCOUNT,
        ifsc_code: IFSC,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const ben = added.body as unknown as Beneficiary;
    expect(ben.name_match_score).toBe(100);
    expect(ben.cooling_off_limit).toBe('25000.00');
    const until = new Date(ben.cooling_off_until!).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 24 * HOUR - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    // The same on a read and in the list.
    expect(await read()).toMatchObject({ cooling_off_limit: '25000.00', name_match_score: 100 });
    const listed = await acme.call(
      'GET',
      `${P}/read/fetch/manage/beneficiary?search_key=beneficiary_code&search_value=${CODE}`,
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(JSON.stringify(listed.body)).toContain('"cooling_off_limit":"25000.00"');
  });

  it('refuses a payout above the limit while limited (422 beneficiary_cooling_off), accepts one within it', async () => {
    const over = await pay('25000.01');
    expect([over.status, over.body.error]).toEqual([422, 'beneficiary_cooling_off']);
    const ben = await read();
    expect(over.body.message).toContain(coolingOffText('25000.00', ben.cooling_off_until!));
    expect(over.body.message).toContain('New beneficiary: up to ₹25,000 per payout until');
    const within = await pay('25000.00');
    expect(within.status, JSON.stringify(within.body)).toBe(201);
  });

  it('refuses a bulk row above the limit at validation and at submission', async () => {
    const over = await acme.call('POST', `${P}/bulk/validate`, { body: rowsOf('30000') });
    expect(over.status).toBe(200);
    const v = over.body as unknown as BulkValidation;
    expect(v.summary.invalid_rows).toBe(1);
    expect(v.rows[0]!.errors['amount']).toContain('New beneficiary: up to ₹25,000 per payout until');
    const submitted = await acme.call('POST', `${P}/bulk/bulk_payout`, {
      body: rowsOf('30000'),
      headers: { 'idempotency-key': `cob-${Date.now()}` },
    });
    expect([submitted.status, submitted.body.error]).toEqual([422, 'bulk_invalid']);
    const ok = await acme.call('POST', `${P}/bulk/validate`, { body: rowsOf('20000') });
    expect((ok.body as unknown as BulkValidation).summary.invalid_rows).toBe(0);
  });

  it('rejects a queued bulk row whose beneficiary became limited before it was processed', async () => {
    await limitUntil(CODE, null);
    const submitted = await acme.call('POST', `${P}/bulk/bulk_payout`, {
      body: rowsOf('30000'),
      headers: { 'idempotency-key': `coq-${Date.now()}` },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    // The limit starts again (its account changed, say) while the bulk waits: the row is checked again.
    await limitUntil(CODE, new Date(Date.now() + HOUR));
    const urn = (submitted.body as unknown as Bulk).urn;
    const { processBulk } = await import('../src/bulk/service.ts');
    const [acmeRow] = await server.current.handle.db
      .select()
      .from(clients)
      .where(eq(clients.clientId, acme.client_id));
    await processBulk(server.current.handle.db, { clientRef: acmeRow!.id, urn }, { railTimeScale: 0.001 });
    const items = await acme.call('GET', `${P}/read/search/bulk/line_items?bulk_urn=${urn}`);
    expect(JSON.stringify(items.body)).toContain('New beneficiary: up to ₹25,000 per payout until');
  });

  it('lets the full amount through once the period is over', async () => {
    await limitUntil(CODE, new Date(Date.now() - 1000));
    expect(await read()).toMatchObject({ cooling_off_until: null, cooling_off_limit: null });
    const full = await pay('30000.00');
    expect(full.status, JSON.stringify(full.body)).toBe(201);
  });

  it('starts a new period when the account changes, not when only the contact details do', async () => {
    const email = await acme.call('PATCH', `/v2/banking/beneficiary/${CODE}`, {
      body: { beneficiary_email: 'kavya@example.com' },
    });
    expect(email.status, JSON.stringify(email.body)).toBe(200);
    expect((email.body as unknown as Beneficiary).cooling_off_until).toBeNull();
    const moved = await acme.call('PATCH', `/v2/banking/beneficiary/${CODE}`, {
      body: { beneficiary_account_number: OTHER_ACCOUNT },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const ben = moved.body as unknown as Beneficiary;
    expect(ben.cooling_off_limit).toBe('25000.00');
    expect(new Date(ben.cooling_off_until!).getTime()).toBeGreaterThan(Date.now() + 23 * HOUR);
    // Never validated: no score to keep.
    expect(ben.name_match_score).toBeNull();
    expect((await pay('30000.00')).body.error).toBe('beneficiary_cooling_off');
  });

  it('makes a payout to a new beneficiary the bank’s name barely matched wait for an approver, rule or not', async () => {
    const account = '50100044332277';
    await acme.call('POST', '/core_banking/money_transfer/validate_account', {
      body: { beneficiary_account_number: account, ifsc_code: IFSC, beneficiary_name: 'Zed Quorum' },
    });
    const added = await acme.call('POST', '/v2/banking/beneficiary', {
      body: {
        beneficiary_code: 'WEAK-1',
        beneficiary_name: 'Zed Quorum',
        provider: 'Meridian Sandbox Bank',
        provider_code: 'MRDN',
        transfer_type: 'IMPS',
        sender_account_number: sender,
        beneficiary_account_number: account,
        ifsc_code: IFSC,
        confirm_name_mismatch: true,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const score = (added.body as unknown as Beneficiary).name_match_score!;
    expect(score).toBeLessThan(WEAK_NAME_MATCH_BELOW);

    // No approval rule covers ₹1,000 here: the weak match alone holds it, for a role that decides approvals.
    const held = await pay('1000.00', 'WEAK-1');
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body).toMatchObject({ status: 'PENDING_APPROVAL' });
    const request = await acme.call('GET', `${P}/read/fetch/approvals/${held.body.approval_urn as string}`);
    expect(request.body.summary).toContain(weakNameMatchText('WEAK-1', score));
    expect(request.body).toMatchObject({ rule_urn: null, steps: [{ approvals: 1 }] });
    expect((request.body.steps as { roles: string[] }[])[0]!.roles).toEqual(
      expect.arrayContaining(['owner', 'admin', 'finance_approver']),
    );
    // A bulk paying it waits whole, naming the row.
    const bulk = await acme.call('POST', `${P}/bulk/bulk_payout`, {
      body: { rows: [{ ...rowsOf('1000').rows[0]!, beneficiary_code: 'WEAK-1' }] },
      headers: { 'idempotency-key': `weak-${Date.now()}` },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
    expect((bulk.body as unknown as Bulk).status).toBe('PENDING_APPROVAL');

    // Once the limit ends it goes at once; a well matched new beneficiary never waited (COOL-1 above).
    await limitUntil('WEAK-1', null);
    const free = await pay('1000.00', 'WEAK-1');
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect(free.body.status).not.toBe('PENDING_APPROVAL');
  });
});
