import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

/**
 * The fabric sweep inside the real job system: the minute sweeper (`flow.sweep`, pg-boss) completes a DigiLocker
 * call whose consent link expired, and queues its callback. The sweep itself (which calls, which outcome,
 * idempotence) is tested in fabric-products.test.ts.
 */
const server = useServer({ JOBS: 'on' });
const P = 'meridian';
let acme: ClientSession;

beforeAll(async () => {
  acme = await clientSession(server.current, 'admin@acme.test');
});

const statusOf = async (urn: string) =>
  (
    await queryRows<{ status: string; result_code: string | null }>(
      server.current.handle.db,
      sql`SELECT status, result_code FROM fabric_calls WHERE urn = ${urn}`,
    )
  )[0]!;

describe('fabric sweep on the job system', () => {
  it('is part of the minute sweeper: an expired consent ends FAILURE CONSENT_EXPIRED', async () => {
    const boss = server.current.boss!;
    expect((await boss.getSchedules()).map((s) => s.name)).toContain('flow.sweep');
    const made = await acme.call('POST', '/v2/fabric/kyc-digilocker', {
      body: { customer_reference_number: 'SWEEP-1' },
    });
    expect(made.body.status).toBe('PENDING');
    const urn = made.body[`${P}_urn`] as string;
    await server.current.handle.db.execute(
      sql`UPDATE fabric_calls SET state = state || '{"expires_at":"2020-01-01T00:00:00.000Z"}'::jsonb WHERE urn = ${urn}`,
    );
    const id = await boss.send('flow.sweep', {});
    expect(id).toBeTruthy();
    let state = '';
    for (let i = 0; i < 150 && state !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      state = (await boss.getJobById('flow.sweep', id!))?.state ?? '';
    }
    expect(state).toBe('completed');
    expect(await statusOf(urn)).toEqual({ status: 'FAILURE', result_code: 'CONSENT_EXPIRED' });
    const page = await server.current.app.inject({ method: 'GET', url: `/${P}/hosted/digilocker/${urn}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This link has expired');
  });
});
