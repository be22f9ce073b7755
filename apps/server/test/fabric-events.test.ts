import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FabricProduct } from '../src/fabric/product.ts';
import { clientSession, useServerPair, type ClientSession } from './helpers.ts';

/**
 * The event stream across two API processes on one database: a call answered by B reaches a stream held by A
 * (PostgreSQL: B's transaction NOTIFYs, A's listener wakes the stream; PGlite: one embedded database, the same
 * notification in process). The product is a test-only stand-in: the stream is under test, not a product.
 */
const body = z.object({ name: z.string().min(1).max(100) });
const echo: FabricProduct<typeof body> = {
  slug: 'text-match',
  price: 1,
  body,
  maskRequest: (b) => ({ name: b.name }),
  async run(b) {
    return { status: 'SUCCESS', resultCode: 'OK', message: null, result: { name: b.name }, maskedResult: {} };
  },
};

const pair = useServerPair({}, { fabricProducts: [echo] });
let onA: ClientSession;
let onB: ClientSession;
let baseA = '';

beforeAll(async () => {
  onA = await clientSession(pair.a, 'admin@acme.test');
  onB = await clientSession(pair.b, 'admin@acme.test');
  await pair.a.app.listen({ port: 0, host: '127.0.0.1' });
  baseA = `http://127.0.0.1:${(pair.a.app.server.address() as AddressInfo).port}`;
});

describe('fabric events across processes', () => {
  it('a call answered by one process reaches a stream held by the other, within a second', async () => {
    const req = get(`${baseA}/meridian/read/stream/fabric/events`, {
      agent: false,
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${onA.access_token}`,
        client_id: onA.client_id,
      },
    });
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      req.once('response', resolve);
      req.once('error', reject);
    });
    expect(res.statusCode).toBe(200);
    res.setEncoding('utf8');
    let buffer = '';
    const got = new Promise<string>((resolve) =>
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const data = /^data: (.*)$/m.exec(buffer)?.[1];
        if (data) resolve(data);
      }),
    );
    res.on('error', () => {});
    // give the stream a moment to subscribe before the call (it starts after the latest event)
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const made = await onB.call('POST', '/v2/fabric/text-match', {
      body: { customer_reference_number: 'MULTI-1', name: 'Asha' },
    });
    expect(made.status).toBe(200);
    const event = JSON.parse(
      await Promise.race([
        got,
        new Promise<string>((_, no) => setTimeout(() => no(new Error('no event')), 5000)),
      ]),
    ) as { type: string; call: { urn: string } };
    expect(event).toMatchObject({
      type: 'call.created',
      call: { urn: made.body.meridian_urn, livemode: true },
    });
    expect(Date.now() - started).toBeLessThan(1000);
    req.destroy();
  });
});
