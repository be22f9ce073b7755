import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { auditLog, callbackDeliveries, clients, events } from '../src/db/schema.ts';
import { clientSession, until, useServer, useWebhookReceiver, type ClientSession } from './helpers.ts';

/** The rail and the callback worker run for real (pg-boss), the rail's delays scaled down. */
const server = useServer({ JOBS: 'on', RAIL_TIME_SCALE: '0.0005' });
const endpoint = useWebhookReceiver();

type EventRow = {
  event_id: string;
  event: string;
  event_type: string;
  subject_urn: string;
  request_id: string | null;
  deliveries: number;
  last_delivery_status: string | null;
  livemode: boolean;
};
type Delivery = {
  webhook_id: string;
  callback_id: string;
  url: string;
  status: string;
  attempt_count: number;
  last_status_code: number | null;
  resent: boolean;
};

const P = '/meridian';
const today = () => new Date().toISOString().slice(0, 10);
const RANGE = () => `start_date=${today()}&end_date=${today()}&time_zone=UTC`;

let s: ClientSession;
let payoutUrn = '';
let payoutRequestId = '';
let pending: EventRow;

async function clientRefOf(clientId: string): Promise<number> {
  const [c] = await server.current.handle.db.select().from(clients).where(eq(clients.clientId, clientId));
  return c!.id;
}

const eventsOf = async (session: ClientSession, query: string) => {
  const page = await session.call('GET', `${P}/read/search/events?${RANGE()}&${query}`);
  expect(page.status).toBe(200);
  return page.body.data as EventRow[];
};

describe('events', () => {
  it('records every event, with the request id of the API call, even when no callback URL receives it', async () => {
    s = await clientSession(server.current, 'admin@globex.test');
    const [account] = (await s.call('GET', `${P}/read/fetch/balance`)).body.data as {
      account_number: string;
    }[];
    const ben = await s.call('POST', '/v2/banking/beneficiary', {
      body: {
        beneficiary_code: 'EVT',
        beneficiary_name: 'Event Vendor',
        provider: 'Meridian Sandbox Bank',
        provider_code: 'MRDN',
        transfer_type: 'IMPS',
        sender_account_number: account!.account_number,
        beneficiary_account_number: '50100012342222',
        ifsc_code: 'HDFC0000001',
      },
    });
    expect(ben.status).toBe(201);
    const pay = await s.call('POST', '/core_banking/money_transfer/initiate', {
      headers: { 'idempotency-key': 'events-1' },
      body: {
        customer_reference_number: 'EVT-1',
        beneficiary_code: 'EVT',
        amount: '21.00',
        transfer_type: 'IMPS',
        purpose_message: 'events',
        sender_account_number: account!.account_number,
      },
    });
    expect(pay.status).toBe(201);
    payoutUrn = pay.body.urn as string;
    payoutRequestId = pay.headers['x-request-id'] as string;
    expect(payoutRequestId).toMatch(/^REQ/);

    // Globex has no callback URL: the payout's events are recorded all the same, the rail's too.
    const rows = await until(async () => {
      const r = await eventsOf(s, `search_key=subject_urn&search_value=${payoutUrn}`);
      return r.length === 2 ? r : undefined;
    });
    expect(rows.map((r) => r.event).sort()).toEqual(['payout.pending', 'payout.success']);
    for (const r of rows) {
      expect(r).toMatchObject({
        event_type: 'PAYOUT',
        deliveries: 0,
        last_delivery_status: null,
        livemode: true,
      });
      expect(r.event_id).toMatch(/^evt_/);
    }
    pending = rows.find((r) => r.event === 'payout.pending')!;
    // The call that made the payout emitted its first event; the rail's job, outside any request, the next.
    expect(pending.request_id).toBe(payoutRequestId);
    expect(rows.find((r) => r.event === 'payout.success')!.request_id).toBeNull();
    const byRequest = await eventsOf(s, `search_key=request_id&search_value=${payoutRequestId}`);
    expect(byRequest.map((r) => r.event_id)).toEqual([pending.event_id]);

    const count = await s.call('GET', `${P}/read/count/events?${RANGE()}&event_type=PAYOUT`);
    expect(count.body.count).toBeGreaterThanOrEqual(2);
    const none = await s.call('GET', `${P}/read/count/events?${RANGE()}&event_type=MANDATE`);
    expect(none.body.count).toBe(0);
    const csv = await s.call('GET', `${P}/read/export/events?${RANGE()}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body.raw)).toContain(pending.event_id);
  });

  it('records a finished KYC call as an event too, without any FABRIC callback', async () => {
    const kyc = await s.call('POST', '/v2/fabric/text-match', {
      body: {
        customer_reference_number: 'EVT-KYC-1',
        type: 'name',
        text_1: 'Asha Menon',
        text_2: 'asha menon',
      },
    });
    expect(kyc.status, JSON.stringify(kyc.body)).toBe(200);
    const urn = kyc.body[`meridian_urn`] as string;
    const [event] = await eventsOf(s, `search_key=subject_urn&search_value=${urn}`);
    expect(event).toMatchObject({
      event_type: 'FABRIC',
      event: `fabric.call.${String(kyc.body.status).toLowerCase()}`,
      subject_urn: urn,
      request_id: kyc.headers['x-request-id'],
    });
    const details = await s.call('GET', `${P}/read/fetch/events/${event!.event_id}`);
    expect(details.body.data).toMatchObject({
      urn,
      product: 'text-match',
      status: kyc.body.status,
      result_code: kyc.body.result_code,
      customer_reference_number: 'EVT-KYC-1',
      credits: kyc.body.credits_charged,
      channel: 'dashboard',
    });
  });

  it('finds an event by its id, with its data and deliveries', async () => {
    const found = await eventsOf(s, `search_key=event_id&search_value=${pending.event_id}`);
    expect(found).toEqual([pending]);
    const details = await s.call('GET', `${P}/read/fetch/events/${pending.event_id}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      event_id: pending.event_id,
      event: 'payout.pending',
      subject_urn: payoutUrn,
      request_id: payoutRequestId,
      deliveries: 0,
      delivery_list: [],
    });
    expect(details.body.data).toMatchObject({ urn: payoutUrn, status: 'PENDING' });
    const missing = await s.call('GET', `${P}/read/fetch/events/evt_NOPE`);
    expect(missing.status).toBe(404);
  });

  it('refuses a resend with nothing to send to (422)', async () => {
    const res = await s.call('POST', `/v2/events/${pending.event_id}/resend`, { body: {} });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('no_callback_configured');
    const unknown = await s.call('POST', `/v2/events/${pending.event_id}/resend`, {
      body: { callback_id: 'CB_NOPE' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields).toEqual({ callback_id: 'is not one of your callback configurations' });
  });

  let secret = '';
  let callbackId = '';
  it('resends an event twice as two new signed deliveries, each in the delivery log with the event', async () => {
    const created = await s.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'PAYOUT', url: `${endpoint.base}/events` },
    });
    expect(created.status).toBe(201);
    secret = created.body.secret as string;
    callbackId = created.body.callback_id as string;

    // With no body at all, or an empty one: to the configurations of the event's type.
    const first = await s.call('POST', `/v2/events/${pending.event_id}/resend`);
    const second = await s.call('POST', `/v2/events/${pending.event_id}/resend`, { body: {} });
    for (const r of [first, second]) {
      expect(r.status).toBe(202);
      expect(r.body).toMatchObject({
        event_id: pending.event_id,
        deliveries: [{ callback_id: callbackId, url: `${endpoint.base}/events` }],
      });
    }
    const ids = [first, second].map((r) => (r.body.deliveries as { webhook_id: string }[])[0]!.webhook_id);
    expect(new Set(ids).size).toBe(2);

    const messages = await until(async () => {
      const got = endpoint.received.filter((m) => ids.includes(m.id));
      return got.length === 2 ? got : undefined;
    });
    const wh = new Webhook(secret);
    const original = (await s.call('GET', `${P}/read/fetch/events/${pending.event_id}`)).body;
    const timestamps = new Set<string>();
    for (const m of messages) {
      const verified = wh.verify(m.body, {
        'webhook-id': m.id,
        'webhook-timestamp': String(m.headers['webhook-timestamp']),
        'webhook-signature': String(m.headers['webhook-signature']),
      }) as { type: string; livemode: boolean; webhook_id: string; timestamp: string; data: unknown };
      // The same event (type, mode, time, data) under the new delivery's own webhook id.
      expect(Object.keys(verified)).toEqual(['type', 'livemode', 'timestamp', 'webhook_id', 'data']);
      expect(verified.type).toBe('payout.pending');
      expect(verified.livemode).toBe(true);
      expect(verified.webhook_id).toBe(m.id);
      expect(verified.data).toEqual(original.data);
      timestamps.add(verified.timestamp);
    }
    expect(timestamps.size).toBe(1);

    const details = await until(async () => {
      const d = await s.call('GET', `${P}/read/fetch/events/${pending.event_id}`);
      const list = d.body.delivery_list as Delivery[];
      return list.length === 2 && list.every((x) => x.status === 'DELIVERED') ? d : undefined;
    });
    expect(details.body).toMatchObject({ deliveries: 2, last_delivery_status: 'DELIVERED' });
    for (const d of details.body.delivery_list as Delivery[])
      expect(d).toMatchObject({
        callback_id: callbackId,
        attempt_count: 1,
        last_status_code: 200,
        resent: true,
      });
    expect((details.body.delivery_list as Delivery[]).map((d) => d.webhook_id).sort()).toEqual(
      [...ids].sort(),
    );
    const [listed] = await eventsOf(s, `search_key=event_id&search_value=${pending.event_id}`);
    expect(listed).toMatchObject({ deliveries: 2, last_delivery_status: 'DELIVERED' });

    // Each is in the delivery log, pointing at the event.
    const db = server.current.handle.db;
    const clientRef = await clientRefOf(s.client_id);
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.clientRef, clientRef), eq(events.eventId, pending.event_id)));
    for (const id of ids) {
      const log = await s.call(
        'GET',
        `${P}/read/search/callback/deliveries?${RANGE()}&search_key=webhook_id&search_value=${id}`,
      );
      expect(log.body.data).toMatchObject([
        { webhook_id: id, event: 'payout.pending', subject_urn: payoutUrn },
      ]);
      const [row] = await db
        .select({ eventRef: callbackDeliveries.eventRef })
        .from(callbackDeliveries)
        .where(and(eq(callbackDeliveries.clientRef, clientRef), eq(callbackDeliveries.webhookId, id)));
      expect(row!.eventRef).toBe(event!.id);
    }
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientRef, clientRef), eq(auditLog.action, 'event.resent')));
    expect(audits.map((a) => a.target)).toEqual([pending.event_id, pending.event_id]);
  });

  it('delivers a new event with event_ref set, not marked as a resend', async () => {
    const v = await s.call('POST', '/core_banking/money_transfer/validate_account', {
      body: {
        beneficiary_account_number: '50100012342222',
        ifsc_code: 'HDFC0000001',
        beneficiary_name: 'Event Vendor',
      },
    });
    expect(v.status).toBe(201);
    // No BANK_ACCOUNT_VALIDATION URL: recorded, not delivered.
    const [validation] = await eventsOf(s, `search_key=subject_urn&search_value=${v.body.urn as string}`);
    expect(validation).toMatchObject({ event_type: 'BANK_ACCOUNT_VALIDATION', deliveries: 0 });
    expect(validation!.request_id).toBe(v.headers['x-request-id']);

    // Sent to one configuration named by its id, of another event type.
    const named = await s.call('POST', `/v2/events/${validation!.event_id}/resend`, {
      body: { callback_id: callbackId },
    });
    expect(named.status).toBe(202);
    expect(named.body.deliveries).toMatchObject([{ callback_id: callbackId }]);
    const webhookId = (named.body.deliveries as { webhook_id: string }[])[0]!.webhook_id;
    const message = await until(async () => endpoint.received.find((m) => m.id === webhookId));
    expect(JSON.parse(message.body)).toMatchObject({
      type: validation!.event,
      data: { urn: v.body.urn },
    });

    // A configuration switched off is refused by name.
    const off = await s.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'MANDATE', url: `${endpoint.base}/off` },
    });
    await s.call('POST', '/v2/company/callback', {
      body: { action: 'update', callback_id: off.body.callback_id, is_active: false },
    });
    const refused = await s.call('POST', `/v2/events/${validation!.event_id}/resend`, {
      body: { callback_id: off.body.callback_id },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('callback_inactive');

    // A payout now: its events are delivered with the event, not as resends.
    const row = (await eventsOf(s, `search_key=event_id&search_value=${pending.event_id}`))[0]!;
    expect(row.deliveries).toBe(2);
    const [account] = (await s.call('GET', `${P}/read/fetch/balance`)).body.data as {
      account_number: string;
    }[];
    const pay = await s.call('POST', '/core_banking/money_transfer/initiate', {
      headers: { 'idempotency-key': 'events-2' },
      body: {
        customer_reference_number: 'EVT-2',
        beneficiary_code: 'EVT',
        amount: '22.00',
        transfer_type: 'IMPS',
        purpose_message: 'events',
        sender_account_number: account!.account_number,
      },
    });
    expect(pay.status).toBe(201);
    const [first] = await eventsOf(
      s,
      `search_key=request_id&search_value=${pay.headers['x-request-id'] as string}`,
    );
    expect(first).toMatchObject({ event: 'payout.pending', deliveries: 1 });
    const details = await until(async () => {
      const d = await s.call('GET', `${P}/read/fetch/events/${first!.event_id}`);
      const [only] = d.body.delivery_list as Delivery[];
      return only?.status === 'DELIVERED' ? only : undefined;
    });
    expect(details).toMatchObject({ callback_id: callbackId, resent: false, last_status_code: 200 });
  });

  it('shows another client neither the events nor their details, and lets it resend none', async () => {
    const acme = await clientSession(server.current, 'admin@acme.test');
    expect(await eventsOf(acme, `search_key=event_id&search_value=${pending.event_id}`)).toEqual([]);
    expect(await eventsOf(acme, `search_key=subject_urn&search_value=${payoutUrn}`)).toEqual([]);
    const details = await acme.call('GET', `${P}/read/fetch/events/${pending.event_id}`);
    expect(details.status).toBe(404);
    const resend = await acme.call('POST', `/v2/events/${pending.event_id}/resend`, { body: {} });
    expect(resend.status).toBe(404);
    // Nor to its own configuration named.
    const own = await acme.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'PAYOUT', url: `${endpoint.base}/acme` },
    });
    const named = await acme.call('POST', `/v2/events/${pending.event_id}/resend`, {
      body: { callback_id: own.body.callback_id },
    });
    expect(named.status).toBe(404);
    // Globex's configuration named by Acme for an event of Acme's own: not one of Acme's.
    const v = await acme.call('POST', '/core_banking/money_transfer/validate_account', {
      body: {
        beneficiary_account_number: '50100012343333',
        ifsc_code: 'HDFC0000001',
        beneficiary_name: 'Acme Vendor',
      },
    });
    expect(v.status).toBe(201);
    const [acmeEvent] = await eventsOf(acme, `search_key=subject_urn&search_value=${v.body.urn as string}`);
    const foreign = await acme.call('POST', `/v2/events/${acmeEvent!.event_id}/resend`, {
      body: { callback_id: callbackId },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error).toBe('callback_not_found');
    expect((await s.call('GET', `${P}/read/fetch/events/${pending.event_id}`)).body.deliveries).toBe(2);
    expect(endpoint.received.filter((m) => m.path === '/acme')).toEqual([]);

    // A viewer reads the events but resends none.
    const viewer = await clientSession(server.current, 'viewer@acme.test');
    const page = await viewer.call('GET', `${P}/read/search/events?${RANGE()}`);
    expect(page.status).toBe(200);
    const denied = await viewer.call('POST', `/v2/events/${pending.event_id}/resend`, { body: {} });
    expect(denied.status).toBe(403);
  });

  it("sends test mode's events to test mode's callback URLs with livemode: false", async () => {
    const test = { 'meridian-mode': 'test' };
    const created = await s.call('POST', '/v2/company/callback', {
      headers: test,
      body: { action: 'create', event_type: 'PAYOUT', url: `${endpoint.base}/test-mode` },
    });
    expect([created.status, created.body.livemode]).toEqual([201, false]);
    const sent = await s.call('POST', '/v2/company/callback/test', {
      headers: test,
      body: { callback_id: created.body.callback_id },
    });
    expect([sent.status, sent.body.livemode]).toEqual([202, false]);
    const id = sent.body.webhook_id as string;
    const message = await until(async () => endpoint.received.find((m) => m.id === id));
    const body = new Webhook(created.body.secret as string).verify(message.body, {
      'webhook-id': message.id,
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    }) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['type', 'livemode', 'timestamp', 'webhook_id', 'data']);
    expect(body).toMatchObject({ type: 'callback.test', livemode: false, webhook_id: id });
    // The event is test mode's: listed there, with its mode.
    const page = await s.call(
      'GET',
      `${P}/read/search/events?${RANGE()}&search_key=subject_urn&search_value=${created.body.callback_id as string}`,
      { headers: test },
    );
    expect((page.body.data as EventRow[]).map((e) => [e.event, e.livemode])).toEqual([
      ['callback.test', false],
    ]);
    expect(
      await eventsOf(s, `search_key=subject_urn&search_value=${created.body.callback_id as string}`),
    ).toEqual([]);
  });
});
