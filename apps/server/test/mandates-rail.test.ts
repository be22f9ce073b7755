import { describe, expect, it } from 'vitest';
import { dayIn } from '../src/lists/list-query.ts';
import { clientSession, useServer } from './helpers.ts';

/** The sandbox rail runs for real here (pg-boss workers), with its delays scaled down. */
const server = useServer({ JOBS: 'on', RAIL_TIME_SCALE: '0.0005' });

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('e-mandates on the running rail', () => {
  it('settles and bounces presentations through the rail worker', async () => {
    const acme = await clientSession(server.current, 'admin@acme.test');
    const balance = async () =>
      ((await acme.call('GET', '/meridian/read/fetch/balance')).body.data as { balance: string }[])[0]!
        .balance;
    const before = await balance();
    const register = async (vpa: string) => {
      const res = await acme.call('POST', '/v2/mandates', {
        body: {
          customer_reference_number: `RAIL-${vpa.length}-${vpa.charAt(0)}`,
          type: 'UPI_AUTOPAY',
          customer_name: 'Meera Iyer',
          customer_mobile: '9812345678',
          vpa,
          max_amount: '1000',
          frequency: 'ADHOC',
          start_date: dayIn('Asia/Kolkata'),
        },
      });
      expect(res.status).toBe(201);
      const url = new URL(res.body.authorisation_url as string);
      const ok = await server.current.app.inject({
        method: 'POST',
        url: url.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'decision=approve',
      });
      expect(ok.statusCode).toBe(200);
      return res.body.urn as string;
    };
    const good = await register('meera.iyer@oksbi');
    const poor = await register('nofunds@oksbi');
    for (const [urn, ref] of [
      [good, 'RAIL-D1'],
      [poor, 'RAIL-D2'],
    ] as const)
      expect(
        (
          await acme.call('POST', `/v2/mandates/${urn}/presentations`, {
            body: { customer_reference_number: ref, amount: '750.25' },
          })
        ).status,
      ).toBe(201);
    const statusOf = async (urn: string) =>
      ((await acme.call('GET', `/v2/mandates/${urn}`)).body.presentations as { status: string }[])[0]!.status;
    expect(
      await until(
        () => statusOf(good),
        (s) => s !== 'PENDING',
      ),
    ).toBe('SUCCESS');
    expect(
      await until(
        () => statusOf(poor),
        (s) => s !== 'PENDING',
      ),
    ).toBe('BOUNCED');
    const after = await balance();
    expect(Math.round((Number(after) - Number(before)) * 100)).toBe(75025);
  });
});
