import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FABRIC_PRODUCTS } from '@meridian/contract/fabric';
import { applyCreditOperation } from '../src/credits/credits.ts';
import { inTransaction, queryRows } from '../src/db/database.ts';
import { sweepExpiredCalls } from '../src/fabric/expiry.ts';
import { sampleBase64 } from '../src/fabric/images/samples.ts';
import { PRODUCTS } from '../src/fabric/products/index.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

/**
 * The twelve real products through the real server (the dashboard session; API keys are covered by
 * fabric-core.test.ts): each demo request is answered and logged; bad input is a clear 4xx, logged REJECTED and not
 * charged; and no identifier of the test inputs survives unmasked anywhere in the database or the server log.
 */
const server = useServer();
const P = 'meridian';
let acme: ClientSession;

/** PANs, Aadhaar numbers (spaced or not) and 10-digit mobiles in the test inputs, as sent. */
const IDENTIFIER = /\b[A-Z]{5}\d{4}[A-Z]\b|\b[2-9]\d{3} ?\d{4} ?\d{4}\b|\b[6-9]\d{9}\b/g;
const sentIdentifiers = new Set<string>();
const post = async (slug: string, body: Record<string, unknown>) => {
  for (const id of JSON.stringify(body).match(IDENTIFIER) ?? []) sentIdentifiers.add(id);
  return acme.call('POST', `/v2/fabric/${slug}`, { body });
};

beforeAll(async () => {
  acme = await clientSession(server.current, 'admin@acme.test');
  const [{ id } = { id: 0 }] = await queryRows<{ id: number }>(
    server.current.handle.db,
    sql`SELECT id FROM clients WHERE company_common_name = 'Acme Retail'`,
  );
  await inTransaction(server.current.handle.db, (tx) =>
    applyCreditOperation(tx, {
      clientRef: id,
      kind: 'LOAD',
      credits: 5000,
      reference: 'fabric-products-test',
      idempotencyKey: 'fabric-products-test',
      actor: 'test',
    }),
  );
});

describe('the twelve products on the real server', () => {
  it('offers every product of the contract', () => {
    expect(PRODUCTS.map((p) => p.slug).sort()).toEqual([...FABRIC_PRODUCTS].sort());
  });

  it.each(PRODUCTS.map((p) => [p.slug, p] as const))(
    '%s answers its demo request, logs it and lists it',
    async (slug, product) => {
      const demo = product.demo?.[0];
      expect(demo, `${slug} has demo requests`).toBeDefined();
      const res = await post(slug, { customer_reference_number: `CUST-${slug}`, ...(demo as object) });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      expect(['SUCCESS', 'FAILURE', 'PENDING']).toContain(res.body.status);
      expect(res.body.credits_charged).toBe(product.price);
      const urn = res.body[`${P}_urn`] as string;
      const details = await acme.call('GET', `/${P}/read/fetch/fabric/${slug}/${urn}`);
      expect(details.status).toBe(200);
      expect(details.body).toMatchObject({ urn, product: slug, customer_reference_number: `CUST-${slug}` });
      const listed = await acme.call(
        'GET',
        `/${P}/read/search/fabric/${slug}?search_key=customer_reference_number&search_value=CUST-${slug}`,
      );
      // every screen but digilocker's searches by customer_reference_number (digilocker maps it)
      expect(listed.status).toBe(200);
      expect((listed.body.data as { urn: string }[]).map((r) => r.urn)).toContain(urn);
    },
  );
});

describe('bad input is a clear 4xx, logged REJECTED or refused before the product, never charged', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['text-match', 'no texts', { type: 'name' }],
    [
      'kyc-validate',
      'a PAN with a wrong holder-type letter',
      { document_type: 'PAN', document_number: 'ABCQS1234K' },
    ],
    [
      'kyc-validate',
      'an Aadhaar with a wrong check digit',
      { document_type: 'AADHAAR', document_number: '2341 2341 2345' },
    ],
    ['credit-report', 'no consent', { pan: 'ABCPS1234K', name: 'Manoj Sharma', consent: false }],
    ['aadhaar-uid-masking', 'no file', {}],
    [
      'aadhaar-uid-masking',
      'a text file as an image',
      { image: Buffer.from('not an image at all').toString('base64') },
    ],
    [
      'id-classification',
      'a text file as an image',
      { image: Buffer.from('%PDF-1.4 hello').toString('base64') },
    ],
    ['face-match', 'one image missing', { selfie: sampleBase64('person-1-selfie.jpg') }],
    ['video-liveness', 'too few frames', { frames: [sampleBase64('person-1-frame-1.jpg')] }],
    ['ckyc', 'a download without a search', { action: 'download', reference_id: '12345678901234' }],
  ];
  it.each(cases)('%s: %s', async (slug, _what, body) => {
    const res = await post(slug, { customer_reference_number: 'CUST-BAD', ...body });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ status: res.status, error: expect.any(String) });
    expect(String(res.body.message).length).toBeGreaterThan(5);
    const logged = await acme.call(
      'GET',
      `/${P}/read/search/fabric/${slug}?search_key=customer_reference_number&search_value=CUST-BAD&limit=100`,
    );
    for (const row of logged.body.data as { status: string; credits: number }[]) {
      expect(row.status).toBe('REJECTED');
      expect(row.credits).toBe(0);
    }
  });
});

/** A call's log row as the screens see it, and its server-side state and event id. */
const rowOf = async (urn: string) => {
  const [row] = await queryRows<{
    status: string;
    result_code: string | null;
    message: string | null;
    event_seq: number;
    state: Record<string, unknown> | null;
  }>(
    server.current.handle.db,
    sql`SELECT status, result_code, message, event_seq::int AS event_seq, state FROM fabric_calls WHERE urn = ${urn}`,
  );
  return row!;
};
const callbacksOf = async (urn: string) =>
  (
    await queryRows<{ event: string }>(
      server.current.handle.db,
      sql`SELECT event FROM callback_deliveries WHERE subject_urn = ${urn}`,
    )
  ).map((r) => r.event);

describe('two-step flows end their first step', () => {
  beforeAll(async () => {
    const cb = await acme.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'FABRIC', url: 'http://127.0.0.1:9/fabric-flows' },
    });
    expect([201, 409]).toContain(cb.status);
  });
  const initiate = async (crn: string) => {
    const res = await post('aadhaar-xml', {
      customer_reference_number: crn,
      action: 'initiate',
      aadhaar_number: '2341 2341 2346',
    });
    expect(res.body).toMatchObject({ status: 'PENDING', result_code: 'OTP_SENT' });
    return {
      urn: res.body[`${P}_urn`] as string,
      id: (res.body.result as { initiation_transaction_id: string }).initiation_transaction_id,
    };
  };
  const submit = (crn: string, id: string, otp: string) =>
    post('aadhaar-xml', {
      customer_reference_number: crn,
      action: 'submit',
      initiation_transaction_id: id,
      otp,
      share_code: '1357',
    });

  it('Aadhaar XML: a successful submit completes the initiation SUCCESS (event, callback, details)', async () => {
    const init = await initiate('AXML-OK');
    const before = await rowOf(init.urn);
    const ok = await submit('AXML-OK', init.id, '123456');
    expect(ok.body).toMatchObject({ status: 'SUCCESS', result_code: 'EKYC_FETCHED' });
    const after = await rowOf(init.urn);
    expect(after).toMatchObject({ status: 'SUCCESS', result_code: 'EKYC_DOWNLOADED' });
    expect(after.message).toContain((ok.body.result as { transaction_id: string }).transaction_id);
    expect(after.event_seq).toBeGreaterThan(before.event_seq); // the stream sends call.updated
    expect(await callbacksOf(init.urn)).toEqual(['fabric.call.success']);
    const details = await acme.call('GET', `/${P}/read/fetch/fabric/aadhaar-xml/${init.urn}`);
    expect(details.body).toMatchObject({ status: 'SUCCESS', result_code: 'EKYC_DOWNLOADED' });
    expect(details.body.response).toMatchObject({ otp_sent_to: expect.stringMatching(/^X+\d{4}$/) });
  });

  it('Aadhaar XML: parallel wrong OTPs count exactly 3, then the initiation is closed FAILURE', async () => {
    const init = await initiate('AXML-RACE');
    const all = await Promise.all(Array.from({ length: 8 }, () => submit('AXML-RACE', init.id, '000000')));
    expect(all.map((r) => r.status)).toEqual(Array(8).fill(200));
    const codes = all.map((r) => r.body.result_code as string);
    expect(codes.filter((c) => c === 'INVALID_OTP')).toHaveLength(3);
    expect(codes.filter((c) => c === 'OTP_ATTEMPTS_EXCEEDED')).toHaveLength(5);
    const left = all
      .filter((r) => r.body.result_code === 'INVALID_OTP')
      .map((r) => (r.body.result as { attempts_left: number }).attempts_left)
      .sort();
    expect(left).toEqual([0, 1, 2]);
    const row = await rowOf(init.urn);
    expect(row).toMatchObject({ status: 'FAILURE', result_code: 'OTP_ATTEMPTS_EXCEEDED' });
    expect(row.state).toMatchObject({ attempts: 3, completed: false });
    // closed: the right OTP no longer helps; the initiation's callback went once
    expect((await submit('AXML-RACE', init.id, '123456')).body.result_code).toBe('OTP_ATTEMPTS_EXCEEDED');
    expect(await callbacksOf(init.urn)).toEqual(['fabric.call.failure']);
  });

  it('Aadhaar XML: two right OTPs at once give one e-KYC; the other is 409', async () => {
    const init = await initiate('AXML-TWICE');
    const both = await Promise.all([
      submit('AXML-TWICE', init.id, '123456'),
      submit('AXML-TWICE', init.id, '123456'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await rowOf(init.urn)).toMatchObject({ status: 'SUCCESS', result_code: 'EKYC_DOWNLOADED' });
  });

  it('the sweeper expires unanswered consents and unused OTPs (event, callback), once; the page says expired', async () => {
    const db = server.current.handle.db;
    const dl = await post('kyc-digilocker', { customer_reference_number: 'DL-EXPIRE' });
    const dlUrn = dl.body[`${P}_urn`] as string;
    const fresh = await post('kyc-digilocker', { customer_reference_number: 'DL-FRESH' });
    const freshUrn = fresh.body[`${P}_urn`] as string;
    const init = await initiate('AXML-EXPIRE');
    // Their time ran out (as 30 and 10 minutes later would say).
    for (const urn of [dlUrn, init.urn]) {
      await db.execute(
        sql`UPDATE fabric_calls SET state = state || '{"expires_at":"2020-01-01T00:00:00.000Z"}'::jsonb WHERE urn = ${urn}`,
      );
    }
    const before = await rowOf(dlUrn);
    const swept = await sweepExpiredCalls(db, PRODUCTS);
    expect(swept.completed).toBeGreaterThanOrEqual(2);
    expect(await rowOf(dlUrn)).toMatchObject({ status: 'FAILURE', result_code: 'CONSENT_EXPIRED' });
    expect((await rowOf(dlUrn)).event_seq).toBeGreaterThan(before.event_seq);
    expect(await rowOf(init.urn)).toMatchObject({ status: 'FAILURE', result_code: 'OTP_EXPIRED' });
    expect(await rowOf(freshUrn)).toMatchObject({ status: 'PENDING' });
    expect(await callbacksOf(dlUrn)).toEqual(['fabric.call.failure']);
    expect(await callbacksOf(init.urn)).toEqual(['fabric.call.failure']);
    const details = await acme.call('GET', `/${P}/read/fetch/fabric/kyc-digilocker/${dlUrn}`);
    expect(details.body.response).toMatchObject({ consent_status: 'EXPIRED' });
    // idempotent: nothing left to expire, no second callback
    const again = await sweepExpiredCalls(db, PRODUCTS);
    expect(again.effects.callbacks).toHaveLength(0);
    expect(await callbacksOf(dlUrn)).toHaveLength(1);
    const page = await server.current.app.inject({ method: 'GET', url: `/${P}/hosted/digilocker/${dlUrn}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This link has expired');
    const open = await server.current.app.inject({
      method: 'GET',
      url: `/${P}/hosted/digilocker/${freshUrn}`,
    });
    expect(open.statusCode).toBe(200);
  });
});

describe('personal data', () => {
  it('never stores or logs an identifier of the test inputs unmasked', async () => {
    expect(sentIdentifiers.size).toBeGreaterThan(3);
    const db = server.current.handle.db;
    const tables = await queryRows<{ name: string }>(
      db,
      sql`SELECT quote_ident(table_name) AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const leaks: string[] = [];
    for (const { name } of tables) {
      const rows = await queryRows<{ t: string }>(db, sql.raw(`SELECT t::text AS t FROM ${name} t`));
      const text = rows.map((r) => r.t).join('\n');
      for (const id of sentIdentifiers)
        for (const form of new Set([id, id.replaceAll(' ', '')]))
          if (text.includes(form)) leaks.push(`${name}: ${form}`);
    }
    const log = server.current.logs.join('');
    for (const id of sentIdentifiers) if (log.includes(id.replaceAll(' ', ''))) leaks.push(`log: ${id}`);
    expect(leaks).toEqual([]);
  });
});
