import { PayoutEvent } from '@meridian/contract/webhooks';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { clientSession, until, useServer, useWebhookReceiver, type ClientSession } from './helpers.ts';

/** The rail and the callback worker run for real here (pg-boss), with the rail's delays scaled down. */
const server = useServer({ JOBS: 'on', RAIL_TIME_SCALE: '0.0005' });
const endpoint = useWebhookReceiver();
const received = endpoint.received;

let s: ClientSession;

describe('callbacks', () => {
  it('creates, lists (secrets masked) and updates callback URLs', async () => {
    s = await clientSession(server.current, 'admin@globex.test');
    const created = await s.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'PAYOUT', url: `${endpoint.base}/payouts` },
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await s.call('POST', '/v2/company/callback', { body: { action: 'list' } });
    const [only] = listed.body.data as { secret: string; callback_id: string }[];
    expect(only!.secret).toMatch(/^whsec_…/);
    const bad = await s.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'PAYOUT', url: 'ftp://example.com' },
    });
    expect(bad.status).toBe(400);
    const rotated = await s.call('POST', '/v2/company/callback', {
      body: { action: 'update', callback_id: only!.callback_id, rotate_secret: true },
    });
    expect(rotated.body.secret).not.toBe(created.body.secret);
    const acme = await clientSession(server.current, 'admin@acme.test');
    const foreign = await acme.call('POST', '/v2/company/callback', {
      body: { action: 'update', callback_id: only!.callback_id, is_active: false },
    });
    expect(foreign.status).toBe(404);
    secret = rotated.body.secret as string;
  });

  let secret = '';
  it('signs every payout state change as Standard Webhooks and delivers it', async () => {
    const [account] = (await s.call('GET', '/meridian/read/fetch/balance')).body.data as {
      account_number: string;
    }[];
    await s.call('POST', '/v2/banking/beneficiary', {
      body: {
        beneficiary_code: 'HOOK',
        beneficiary_name: 'Hook Vendor',
        provider: 'Meridian Sandbox Bank',
        provider_code: 'MRDN',
        transfer_type: 'IMPS',
        sender_account_number: account!.account_number,
        beneficiary_account_number: '50100012341111',
        ifsc_code: 'HDFC0000001',
      },
    });
    const pay = await s.call('POST', '/core_banking/money_transfer/initiate', {
      headers: { 'idempotency-key': 'hook-1' },
      body: {
        customer_reference_number: 'HOOK-1',
        beneficiary_code: 'HOOK',
        amount: '15.00',
        transfer_type: 'IMPS',
        purpose_message: 'hook',
        sender_account_number: account!.account_number,
      },
    });
    expect(pay.status).toBe(201);
    const messages = await until(async () => {
      const mine = received.filter((r) => r.body.includes(pay.body.urn as string));
      return mine.length >= 2 ? mine : undefined;
    });
    const wh = new Webhook(secret);
    const events = messages.map((m) => {
      const verified = wh.verify(m.body, {
        'webhook-id': m.headers['webhook-id'] as string,
        'webhook-timestamp': m.headers['webhook-timestamp'] as string,
        'webhook-signature': m.headers['webhook-signature'] as string,
      }) as { type: string; data: { urn: string; status: string } };
      // The body is what the OpenAPI document's PAYOUT webhook says it is.
      const parsed = PayoutEvent.safeParse(JSON.parse(m.body));
      expect(parsed.error?.issues ?? []).toEqual([]);
      return verified.type;
    });
    expect(events.sort()).toEqual(['payout.pending', 'payout.success']);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('x'.repeat(24)).toString('base64')}`).verify(messages[0]!.body, {
        'webhook-id': messages[0]!.headers['webhook-id'] as string,
        'webhook-timestamp': messages[0]!.headers['webhook-timestamp'] as string,
        'webhook-signature': messages[0]!.headers['webhook-signature'] as string,
      }),
    ).toThrow();

    const details = await until(async () => {
      const d = await s.call('GET', `/meridian/read/fetch/transaction/payouts/${pay.body.urn}`);
      const cbs = d.body.callbacks as { status: string }[];
      return cbs.length === 2 && cbs.every((c) => c.status === 'DELIVERED') ? d : undefined;
    });
    expect(details.body.status).toBe('SUCCESS');
    const [first] = details.body.callbacks as {
      attempts: { status_code: number; latency_ms: number; response_excerpt: string }[];
    }[];
    expect(first!.attempts[0]).toMatchObject({ status_code: 200, response_excerpt: '{"ok":true}' });
  });

  it('logs a failed attempt and schedules a retry with backoff', async () => {
    await s.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'BANK_ACCOUNT_VALIDATION', url: `${endpoint.base}/fail` },
    });
    const v = await s.call('POST', '/core_banking/money_transfer/validate_account', {
      body: {
        beneficiary_account_number: '50100012341111',
        ifsc_code: 'HDFC0000001',
        beneficiary_name: 'Hook Vendor',
      },
    });
    expect(v.status).toBe(201);
    const { deliveriesFor } = await import('../src/callbacks/delivery.ts');
    const { clients } = await import('../src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const [c] = await server.current.handle.db
      .select()
      .from(clients)
      .where(eq(clients.clientId, s.client_id));
    const [delivery] = await until(async () => {
      const d = await deliveriesFor(server.current.handle.db, c!.id, v.body.urn as string);
      return d[0]?.attempts.length ? d : undefined;
    });
    expect(delivery).toMatchObject({ status: 'PENDING', event: 'validation.success' });
    expect(delivery!.attempts[0]).toMatchObject({
      attempt: 1,
      status_code: 503,
      error: 'HTTP 503',
      response_excerpt: 'down for maintenance',
    });
    const wait = Date.parse(delivery!.next_attempt_at!) - Date.parse(delivery!.attempts[0]!.started_at);
    expect(wait).toBeGreaterThanOrEqual(3_900);
    expect(wait).toBeLessThan(7_000);
  });

  it('creates when the body has no action (the contract default) and names a wrong action', async () => {
    const acme = await clientSession(server.current, 'admin@acme.test');
    const created = await acme.call('POST', '/v2/company/callback', {
      body: { event_type: 'PAYOUT', url: 'https://example.com/meridian-hooks' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      event_type: 'PAYOUT',
      url: 'https://example.com/meridian-hooks',
      http_method: 'POST',
      is_active: true,
      livemode: true,
    });
    const wrong = await acme.call('POST', '/v2/company/callback', { body: { action: 'delete' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ action: 'action must be create (the default), update or list' });
  });
});
