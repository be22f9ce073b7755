import { and, eq } from 'drizzle-orm';
import { CALLBACK_EVENT_TYPES } from '@meridian/contract';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { attemptDelivery } from '../src/callbacks/delivery.ts';
import { auditLog, callbackDeliveries, clients } from '../src/db/schema.ts';
import { clientSession, until, useServer, useWebhookReceiver, type ClientSession } from './helpers.ts';

/** The callback worker and the replay job run for real (pg-boss). */
const server = useServer({ JOBS: 'on', RAIL_TIME_SCALE: '0.0005' });
const endpoint = useWebhookReceiver();
const received = endpoint.received;

type Row = {
  webhook_id: string;
  status: string;
  event: string;
  attempt_count: number;
  attempts: { attempt: number; status_code: number | null; response_excerpt: string | null }[];
};
const today = () => new Date().toISOString().slice(0, 10);
const RANGE = () => `start_date=${today()}&end_date=${today()}&time_zone=UTC`;

let s: ClientSession;
let globex: ClientSession;
let okId = '';
let secret = '';

describe('callback configurations', () => {
  it('lists every event type with a label, the HTTP methods, and the subscriptions per type', async () => {
    s = await clientSession(server.current, 'admin@globex.test');
    globex = s;
    const types = await s.call('GET', '/meridian/read/fetch/callback/types');
    expect(types.status).toBe(200);
    const list = types.body.data as { event_type: string; label: string; description: string }[];
    expect(list.map((t) => t.event_type)).toEqual([...CALLBACK_EVENT_TYPES]);
    for (const t of list) expect(t.label.length && t.description.length).toBeGreaterThan(0);
    const methods = await s.call('GET', '/meridian/read/fetch/callback/http_methods');
    expect(methods.body.data).toEqual([
      { http_method: 'POST', label: 'POST' },
      { http_method: 'PUT', label: 'PUT' },
    ]);

    const created = await s.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'PAYOUT', url: `${endpoint.base}/ok` },
    });
    expect(created.status).toBe(201);
    okId = created.body.callback_id as string;
    secret = created.body.secret as string;
    const subs = await s.call('GET', '/meridian/read/fetch/callback/subscriptions');
    const byType = Object.fromEntries(
      (subs.body.data as { event_type: string; subscribed: boolean; configurations: unknown[] }[]).map(
        (x) => [x.event_type, x],
      ),
    );
    expect(Object.keys(byType)).toEqual([...CALLBACK_EVENT_TYPES]);
    expect(byType.PAYOUT).toMatchObject({ subscribed: true, active_urls: 1 });
    expect(byType.PAYOUT!.configurations).toEqual([
      { callback_id: okId, url: `${endpoint.base}/ok`, http_method: 'POST', is_active: true },
    ]);
    expect(byType.MANDATE).toMatchObject({ subscribed: false, configurations: [] });
    expect(JSON.stringify(subs.body)).not.toContain('whsec_');
  });

  it('records before and after of an update in the audit log, never the secret', async () => {
    const updated = await s.call('POST', '/v2/company/callback', {
      body: { action: 'update', callback_id: okId, http_method: 'PUT', rotate_secret: true },
    });
    expect(updated.status).toBe(200);
    secret = updated.body.secret as string;
    await s.call('POST', '/v2/company/callback', {
      body: { action: 'update', callback_id: okId, http_method: 'POST' },
    });
    const db = server.current.handle.db;
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'callback.updated'), eq(auditLog.target, okId)));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.metadata).toMatchObject({
      rotated_secret: true,
      before: { url: `${endpoint.base}/ok`, http_method: 'POST', is_active: true },
      after: { url: `${endpoint.base}/ok`, http_method: 'PUT', is_active: true },
    });
    expect(JSON.stringify(rows)).not.toContain('whsec_');
  });

  it('sends a signed test event to one configuration, shown in the delivery log with its attempt', async () => {
    const sent = await s.call('POST', '/v2/company/callback/test', { body: { callback_id: okId } });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({
      event: 'callback.test',
      callback_id: okId,
      event_type: 'PAYOUT',
      livemode: true,
    });
    const id = sent.body.webhook_id as string;
    const message = await until(async () => received.find((r) => r.id === id));
    const verified = new Webhook(secret).verify(message.body, {
      'webhook-id': message.id,
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    }) as { type: string; livemode: boolean; data: { callback_id: string } };
    expect(verified).toMatchObject({ type: 'callback.test', livemode: true, data: { callback_id: okId } });

    const row = await until(async () => {
      const page = await s.call('GET', `/meridian/read/search/callback/deliveries?${RANGE()}`);
      const found = (page.body.data as Row[]).find((r) => r.webhook_id === id);
      return found?.status === 'DELIVERED' ? found : undefined;
    });
    expect(row.attempts[0]).toMatchObject({ attempt: 1, status_code: 200, response_excerpt: '{"ok":true}' });
    const count = await s.call('GET', `/meridian/read/count/callback/deliveries?${RANGE()}&status=DELIVERED`);
    expect(count.body.count).toBeGreaterThanOrEqual(1);
    const bySearch = await s.call(
      'GET',
      `/meridian/read/search/callback/deliveries?${RANGE()}&search_key=webhook_id&search_value=${id}`,
    );
    expect((bySearch.body.data as Row[]).map((r) => r.webhook_id)).toEqual([id]);
    const byType = await s.call(
      'GET',
      `/meridian/read/count/callback/deliveries?${RANGE()}&event_type=MANDATE`,
    );
    expect(byType.body.count).toBe(0);
    const csv = await s.call('GET', `/meridian/read/export/callback/deliveries?${RANGE()}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body.raw)).toContain(id);
    const lines = String(csv.body.raw).trim().split('\n');
    expect(lines[0]).toBe(
      'created_at,webhook_id,event_type,event,subject_urn,callback_id,url,status,attempts,last_status_code,next_attempt_at',
    );
    // attempts is the row's attempt count, last_status_code its last attempt's answer
    expect(lines.find((l) => l.includes(id))).toMatch(/,DELIVERED,1,200,/);

    // Resend: the same message (same webhook-id) once more, attempt 2.
    const resent = await s.call('POST', `/v2/company/callback/deliveries/${id}/resend`);
    expect(resent.status).toBe(202);
    expect(resent.body.status).toBe('PENDING');
    const again = await until(async () => {
      const d = await s.call(
        'GET',
        `/meridian/read/search/callback/deliveries?${RANGE()}&search_key=webhook_id&search_value=${id}`,
      );
      const r = (d.body.data as Row[])[0];
      return r?.status === 'DELIVERED' && r.attempt_count === 2 ? r : undefined;
    });
    expect(again.attempts.map((a) => a.attempt)).toEqual([1, 2]);
    expect(received.filter((r) => r.id === id)).toHaveLength(2);
  });

  it('refuses bad input with clear 4xx answers', async () => {
    const cases: [string, string, unknown, number][] = [
      ['POST', '/v2/company/callback/test', {}, 400],
      ['POST', '/v2/company/callback/test', { callback_id: 'CBK_NOPE' }, 404],
      ['POST', '/v2/company/callback/deliveries/msg_nope/resend', undefined, 404],
      ['POST', '/v2/company/callback/replays', { start_date: '2026-02-30', end_date: today() }, 400],
      ['POST', '/v2/company/callback/replays', { start_date: today(), end_date: '2020-01-01' }, 400],
      [
        'POST',
        '/v2/company/callback/replays',
        { start_date: today(), end_date: today(), event_type: 'X' },
        400,
      ],
      [
        'POST',
        '/v2/company/callback/replays',
        { start_date: today(), end_date: today(), time_zone: 'Mars/Base' },
        400,
      ],
      ['GET', '/meridian/read/fetch/callback/replays/RPL_NOPE', undefined, 404],
      ['GET', `/meridian/read/search/callback/deliveries?status=LOST`, undefined, 400],
      ['GET', `/meridian/read/search/callback/deliveries?search_key=url&search_value=x`, undefined, 400],
    ];
    for (const [method, url, body, status] of cases) {
      const res = await s.call(method as 'GET' | 'POST', url, body === undefined ? {} : { body });
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(status);
      expect(typeof res.body.message).toBe('string');
    }
    // A switched-off configuration gets no test event.
    const off = await s.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'FABRIC', url: `${endpoint.base}/off`, is_active: false },
    });
    const refused = await s.call('POST', '/v2/company/callback/test', {
      body: { callback_id: off.body.callback_id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('callback_inactive');
  });

  it('replays the FAILED deliveries of a range as a job whose progress reaches completion', async () => {
    const failing = await s.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'BANK_ACCOUNT_VALIDATION', url: `${endpoint.base}/fail` },
    });
    const cbk = failing.body.callback_id as string;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const t = await s.call('POST', '/v2/company/callback/test', { body: { callback_id: cbk } });
      ids.push(t.body.webhook_id as string);
    }
    const db = server.current.handle.db;
    const [client] = await db.select().from(clients).where(eq(clients.clientId, s.client_id));
    // The first attempt fails (503); the next, made as if 4 days had passed, gives up: FAILED.
    for (const id of ids) {
      const [d] = await until(async () => {
        const rows = await db
          .select()
          .from(callbackDeliveries)
          .where(and(eq(callbackDeliveries.clientRef, client!.id), eq(callbackDeliveries.webhookId, id)));
        return rows[0]?.attemptCount === 1 ? rows : undefined;
      });
      const outcome = await attemptDelivery(db, { clientRef: client!.id, id: d!.id }, 2, {
        allowPrivate: true,
        now: () => new Date(Date.now() + 4 * 24 * 3600_000),
      });
      expect(outcome.kind).toBe('failed');
    }
    const failed = await s.call('GET', `/meridian/read/count/callback/deliveries?${RANGE()}&status=FAILED`);
    expect(failed.body.count).toBe(3);

    // The endpoint is fixed, then the range is replayed.
    await s.call('POST', '/v2/company/callback', {
      body: { action: 'update', callback_id: cbk, url: `${endpoint.base}/fixed` },
    });
    const replay = await s.call('POST', '/v2/company/callback/replays', {
      body: { start_date: today(), end_date: today(), time_zone: 'UTC' },
    });
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ status: 'QUEUED', total: 3, done: 0, livemode: true });
    const rid = replay.body.replay_id as string;
    const finished = await until(async () => {
      const r = await s.call('GET', `/meridian/read/fetch/callback/replays/${rid}`);
      return r.body.status === 'COMPLETED' ? r.body : undefined;
    });
    expect(finished).toMatchObject({ total: 3, done: 3 });
    expect(finished.finished_at).toEqual(expect.any(String));
    // Each is delivered again, to the fixed URL, with the same webhook-id.
    await until(async () =>
      ids.every((id) => received.some((r) => r.id === id && r.path === '/fixed')) ? true : undefined,
    );
    await until(async () => {
      const r = await s.call('GET', `/meridian/read/count/callback/deliveries?${RANGE()}&status=FAILED`);
      const p = await s.call('GET', `/meridian/read/count/callback/deliveries?${RANGE()}&status=PENDING`);
      return r.body.count === 0 && p.body.count === 0 ? true : undefined;
    });

    // The job is idempotent: run again, a finished replay sends nothing.
    const { runReplay } = await import('../src/callbacks/replays.ts');
    const sentAgain: unknown[] = [];
    const rerun = await runReplay(db, { clientRef: client!.id, replayId: rid }, async (refs) => {
      sentAgain.push(...refs);
    });
    expect(rerun).toBe('COMPLETED');
    expect(sentAgain).toEqual([]);

    // Nothing left to replay: completes at once.
    const empty = await s.call('POST', '/v2/company/callback/replays', {
      body: { start_date: today(), end_date: today(), time_zone: 'UTC' },
    });
    expect(empty.body).toMatchObject({ status: 'COMPLETED', total: 0, done: 0 });
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'callback.replay_requested'), eq(auditLog.target, rid)));
    expect(audits).toHaveLength(1);
  });

  it("keeps each client to its own deliveries, configurations and replays (another client's ids are 404)", async () => {
    const acme = await clientSession(server.current, 'admin@acme.test');
    const page = await globex.call('GET', `/meridian/read/search/callback/deliveries?${RANGE()}`);
    const [mine] = page.body.data as Row[];
    expect(mine).toBeDefined();
    expect(
      (await acme.call('POST', `/v2/company/callback/deliveries/${mine!.webhook_id}/resend`)).status,
    ).toBe(404);
    expect(
      (await acme.call('POST', '/v2/company/callback/test', { body: { callback_id: okId } })).status,
    ).toBe(404);
    const acmeLog = await acme.call(
      'GET',
      `/meridian/read/search/callback/deliveries?${RANGE()}&search_key=webhook_id&search_value=${mine!.webhook_id}`,
    );
    expect(acmeLog.body.data).toEqual([]);
    const subs = await acme.call('GET', '/meridian/read/fetch/callback/subscriptions');
    expect(JSON.stringify(subs.body)).not.toContain(okId);
    const replay = await globex.call('POST', '/v2/company/callback/replays', {
      body: { start_date: today(), end_date: today() },
    });
    expect(
      (await acme.call('GET', `/meridian/read/fetch/callback/replays/${replay.body.replay_id}`)).status,
    ).toBe(404);
  });

  it('seeds demo deliveries through the same code: FAILED ones after an outage, ready to replay (idempotent)', async () => {
    const { seedDemoCallbacks } = await import('../src/seed/demo-callbacks.ts');
    const db = server.current.handle.db;
    const acme = await clientSession(server.current, 'admin@acme.test');
    const [client] = await db.select().from(clients).where(eq(clients.clientId, acme.client_id));
    const customers = [{ id: client!.id, name: 'Acme Retail' }];
    const opts = { callbackBaseUrl: 'http://127.0.0.1:9/meridian/sandbox/webhook-receiver' };
    await seedDemoCallbacks(db, customers, opts);
    const failed = await acme.call('GET', '/meridian/read/search/callback/deliveries?status=FAILED');
    const rows = failed.body.data as (Row & { url: string; event_type: string })[];
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      expect(r).toMatchObject({ event: 'callback.test', event_type: 'BANK_ACCOUNT_VALIDATION' });
      expect(r.url).toBe(`${opts.callbackBaseUrl}/validations`);
      expect(r.attempts.length).toBeGreaterThan(10);
      expect(r.attempts.every((a) => a.status_code === 503)).toBe(true);
    }
    await seedDemoCallbacks(db, customers, opts);
    const again = await acme.call('GET', '/meridian/read/count/callback/deliveries?status=FAILED');
    expect(again.body.count).toBe(4);
  });
});
