import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FABRIC_PRODUCTS } from '@meridian/contract';
import { applyCreditOperation } from '../src/credits/credits.ts';
import { inTransaction, queryRows } from '../src/db/database.ts';
import { PRODUCTS } from '../src/fabric/products/index.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

/**
 * The twelve real products through the real server (the dashboard session; API keys are covered by
 * fabric-core.test.ts): each demo request is answered and logged; bad input is a clear 4xx, logged REJECTED and not
 * charged; and no identifier of the test inputs survives unmasked anywhere in the database or the server log.
 */
const server = useServer();
const P = 'meridian';
const FIXTURES = join(import.meta.dirname, 'fixtures', 'fabric');
const fixture = (name: string) => readFileSync(join(FIXTURES, name)).toString('base64');
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
      // every screen but digilocker's searches by customer_reference_number (digilocker maps it, spec §3)
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
    ['face-match', 'one image missing', { selfie: fixture('person-1-selfie.jpg') }],
    ['video-liveness', 'too few frames', { frames: [fixture('person-1-frame-1.jpg')] }],
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
