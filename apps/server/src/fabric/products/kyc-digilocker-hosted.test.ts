import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductOutcome } from '../product.ts';
import { kycDigilocker, type DigilockerState } from './kyc-digilocker.ts';
import { digilockerHostedRoutes } from './kyc-digilocker-hosted.ts';

type Call = {
  clientRef: number;
  urn: string;
  product: string;
  status: string;
  resultCode?: string | null;
  state: Record<string, unknown>;
};

async function setup(
  opts: { redirect?: string; now?: Date; closed?: Partial<Call> & { resultCode?: string } } = {},
) {
  const created = new Date('2026-11-23T06:00:00Z');
  const out = await kycDigilocker.run(
    { customer_reference_id: 'CUST-9', ...(opts.redirect ? { redirect_url: opts.redirect } : {}) },
    {
      db: null as never,
      clientRef: 7,
      urn: 'MRDN01KDIGILOCKERTEST0000000',
      now: created,
      publicUrl: 'http://localhost:3000',
      provider: 'meridian',
      findCall: async () => null,
      saveState: async () => {},
      replaceState: async () => true,
    },
  );
  const calls = new Map<string, Call>([
    [
      'MRDN01KDIGILOCKERTEST0000000',
      {
        clientRef: 7,
        urn: 'MRDN01KDIGILOCKERTEST0000000',
        product: 'kyc-digilocker',
        status: 'PENDING',
        state: out.state!,
        ...opts.closed,
      },
    ],
  ]);
  const completed: { clientRef: number; urn: string; outcome: ProductOutcome }[] = [];
  const app = Fastify();
  await app.register(digilockerHostedRoutes, {
    db: null as never,
    provider: 'meridian',
    now: () => opts.now ?? new Date('2026-11-23T06:05:00Z'),
    loadCall: async (_db, urn) => calls.get(urn) ?? null,
    completeCall: async (_db, args) => {
      completed.push(args);
      calls.get(args.urn)!.status = args.outcome.status;
    },
  });
  return {
    app,
    completed,
    url: '/meridian/hosted/digilocker/MRDN01KDIGILOCKERTEST0000000',
    state: out.state as DigilockerState,
  };
}

const form = (decision: string) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: `decision=${decision}`,
});

let close: (() => Promise<unknown>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('hosted DigiLocker consent page', () => {
  it('shows the documents and an accessible form, with no script', async () => {
    const { app, url } = await setup();
    close = () => app.close();
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('<legend>Do you allow sharing these documents?</legend>');
    expect(res.body).toContain('name="decision" value="approve"');
    expect(res.body).toContain('PAN card');
    expect(res.body).not.toMatch(/<script|onclick=|javascript:/i);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
  });

  it('completes the call with the documents on approval', async () => {
    const { app, url, completed } = await setup();
    close = () => app.close();
    const res = await app.inject({ method: 'POST', url, ...form('approve') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Documents shared');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      clientRef: 7,
      outcome: { status: 'SUCCESS', resultCode: 'DOCUMENTS_FETCHED' },
    });
    // Answered once: a second decision is refused.
    const again = await app.inject({ method: 'POST', url, ...form('decline') });
    expect(again.statusCode).toBe(410);
    expect(completed).toHaveLength(1);
  });

  it('records a decline and redirects to the client when asked', async () => {
    const { app, url, completed } = await setup({ redirect: 'https://client.example/kyc/done?step=2' });
    close = () => app.close();
    const page = await app.inject({ method: 'GET', url });
    expect(page.headers['content-security-policy']).toContain("form-action 'self' https://client.example;");
    const res = await app.inject({ method: 'POST', url, ...form('decline') });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      'https://client.example/kyc/done?step=2&urn=MRDN01KDIGILOCKERTEST0000000&status=FAILURE',
    );
    expect(completed[0]!.outcome).toMatchObject({ status: 'FAILURE', resultCode: 'CONSENT_DENIED' });
  });

  it('expires the link after 30 minutes, refuses unknown links and answers', async () => {
    const { app, url, completed } = await setup({ now: new Date('2026-11-23T06:31:00Z') });
    close = () => app.close();
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('This link has expired');
    expect(completed[0]!.outcome).toMatchObject({ resultCode: 'CONSENT_EXPIRED' });
    expect((await app.inject({ method: 'GET', url: '/meridian/hosted/digilocker/NOPE' })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: '/meridian/hosted/digilocker/%3Cx%3E' })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'POST', url, ...form('maybe') })).statusCode).toBe(400);
  });

  it('says "This link has expired" for a call the sweeper closed, "Already answered" for a decision', async () => {
    const swept = await setup({ closed: { status: 'FAILURE', resultCode: 'CONSENT_EXPIRED' } });
    close = () => swept.app.close();
    for (const method of ['GET', 'POST'] as const) {
      const res = await swept.app.inject({ method, url: swept.url, ...form('approve') });
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('<h1>Link expired</h1>');
      expect(res.body).toContain('This link has expired');
    }
    expect(swept.completed).toHaveLength(0);
    await swept.app.close();
    const denied = await setup({ closed: { status: 'FAILURE', resultCode: 'CONSENT_DENIED' } });
    close = () => denied.app.close();
    const res = await denied.app.inject({ method: 'GET', url: denied.url });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('Already answered');
  });
});
