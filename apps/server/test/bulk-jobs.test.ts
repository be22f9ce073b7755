import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS, type Bulk } from '@meridian/contract/bulk';
import { systemActor } from '../src/audit/actor.ts';
import { CONTENT_TYPES, csvOf } from '../src/bulk/files.ts';
import { readBulkFile } from '../src/bulk/parse.ts';
import { storeBulk } from '../src/bulk/store.ts';
import { checkRows } from '../src/bulk/validate.ts';
import { queryRows } from '../src/db/database.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

// The bulk job on pg-boss: submitted bulks are processed by the worker, and a bulk whose job was lost is picked
// up again by the minute sweeper once its lease has run out.
const server = useServer({ JOBS: 'on' });
const P = '/meridian';
const db = () => server.current.handle.db;

const rows = (tag: string, count: number) =>
  Array.from({ length: count }, (_, i) => [
    `${tag}-${i}`,
    '',
    '50100099887766',
    'HDFC0000001',
    'Sharma Traders',
    '10.00',
    'IMPS',
    'Bulk job test',
  ]);

async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('bulk payouts on pg-boss', () => {
  let acme: ClientSession;

  it('processes a submitted bulk in the worker', { timeout: 60_000 }, async () => {
    acme = await clientSession(server.current, 'admin@acme.test');
    const file = await csvOf(BULK_COLUMNS, rows(`JOB-${Date.now()}`, 25));
    const boundary = '----bulkjob';
    const res = await server.current.app.inject({
      method: 'POST',
      url: `${P}/bulk/bulk_payout`,
      headers: {
        authorization: `Bearer ${acme.access_token}`,
        client_id: acme.client_id,
        'x-step-up-token': await acme.stepUpToken(),
        'idempotency-key': `job-${Date.now()}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="job.csv"\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const urn = (JSON.parse(res.body) as Bulk).urn;
    const bulk = await until(
      async () => (await acme.call('GET', `${P}/read/fetch/bulk/${urn}`)).body as unknown as Bulk,
      (b) => b.status === 'COMPLETED',
    );
    expect(bulk).toMatchObject({ status: 'COMPLETED', total_rows: 25, pending: 0 });
    expect(bulk.done + bulk.failed).toBe(25);
    // The rail steps of its payouts (queued in one insert per batch) settle them: no row stays PROCESSING.
    const settled = await until(
      async () =>
        (await acme.call('GET', `${P}/read/count/bulk/line_items?bulk_urn=${urn}&status=PROCESSING`)).body
          .count as number,
      (n) => n === 0,
    );
    expect(settled).toBe(0);
  });

  it(
    're-sends a bulk whose job was lost once its lease runs out (the sweeper)',
    { timeout: 60_000 },
    async () => {
      const [acmeRow] = await queryRows<{ id: number }>(
        db(),
        sql`SELECT id FROM clients WHERE company_common_name = 'Acme Retail'`,
      );
      const clientRef = Number(acmeRow!.id);
      const content = await csvOf(BULK_COLUMNS, rows(`LOST-${Date.now()}`, 5));
      const read = await readBulkFile(content);
      const checked = await checkRows(db(), clientRef, read.rows, { fileName: 'lost.csv', format: 'csv' });
      // Stored, but its job is never sent (the process died right after the commit).
      const stored = await db().transaction((tx) =>
        storeBulk(tx, systemActor(clientRef, 'admin@acme.test'), {
          fileName: 'lost.csv',
          format: 'csv',
          contentType: CONTENT_TYPES.csv,
          content,
          accountRef: checked.account.id,
          accountNumber: checked.account.accountNumber,
          rows: checked.valid,
        }),
      );
      const urn = stored.bulk.urn;
      await queryRows(
        db(),
        sql`UPDATE bulks SET lease_until = now() - interval '1 second' WHERE client_ref = ${clientRef} AND urn = ${urn}`,
      );
      await server.current.boss!.send('flow.sweep', {});
      const bulk = await until(
        async () => (await acme.call('GET', `${P}/read/fetch/bulk/${urn}`)).body as unknown as Bulk,
        (b) => b.status === 'COMPLETED',
      );
      expect(bulk).toMatchObject({ status: 'COMPLETED', total_rows: 5, pending: 0 });
    },
  );
});
