import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients, payouts } from '../src/db/schema.ts';
import { dayIn } from '../src/lists/list-query.ts';
import { call, clientSession, useServer, type ClientSession } from './helpers.ts';

const server = useServer({ SEED_DEMO_FLOW: 'true' });
const P = '/meridian';
const SEARCH = `${P}/read/search/global`;

type Result = {
  type: string;
  id: string;
  title: string;
  subtitle: string;
  matched: string;
  route: { to: string; search: Record<string, string> };
};

let acme: ClientSession;
let globex: ClientSession;
/** A settled Acme payout (it has a UTR) from the demo seed. */
let settled: { urn: string; utr: string; crn: string; createdAt: Date };

const search = async (s: ClientSession, q: string, extra = '') => {
  const res = await s.call('GET', `${SEARCH}?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Result[];
};
const ids = (results: Result[], type: string) => results.filter((r) => r.type === type).map((r) => r.id);

const account = async (s: ClientSession) =>
  ((await s.call('GET', `${P}/read/fetch/balance`)).body.data as { account_number: string }[])[0]!
    .account_number;

const addBeneficiary = async (s: ClientSession, code: string, name: string, accountNumber: string) => {
  const res = await s.call('POST', '/v2/banking/beneficiary', {
    body: {
      beneficiary_code: code,
      beneficiary_name: name,
      beneficiary_email: 'kavya@example.com',
      beneficiary_mobile: '+919812345678',
      provider: 'Meridian Sandbox Bank',
      provider_code: 'MRDN',
      transfer_type: 'IMPS',
      sender_account_number: await account(s),
      beneficiary_account_number: accountNumber,
      ifsc_code: 'HDFC0000001',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

beforeAll(async () => {
  acme = await clientSession(server.current, 'admin@acme.test');
  globex = await clientSession(server.current, 'admin@globex.test');
  await addBeneficiary(acme, 'SRCH-KAVYA', 'Kavya Menon', '77001234567890');
  await addBeneficiary(acme, 'SRCH_UNDERSCORE', 'Udit Sharma', '77009999999999');
  // Globex has a look-alike: same name, a code and an account number that Acme's queries also prefix.
  await addBeneficiary(globex, 'SRCH-KAVYA-G', 'Kavya Menon', '77001234500000');

  const db = server.current.handle.db;
  const [row] = await db
    .select({
      urn: payouts.urn,
      utr: payouts.bankReferenceNumber,
      crn: payouts.customerReferenceNumber,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .innerJoin(clients, eq(clients.id, payouts.clientRef))
    .where(and(eq(clients.clientId, acme.client_id), isNotNull(payouts.bankReferenceNumber)))
    .limit(1);
  if (!row?.utr) throw new Error('the demo seed made no settled Acme payout');
  settled = { urn: row.urn, utr: row.utr, crn: row.crn, createdAt: row.createdAt };
});

describe('global search', () => {
  it('finds a payout by urn, whole or a prefix in any case, linked to the payouts list on its day', async () => {
    const [hit] = await search(acme, settled.urn);
    expect(hit).toMatchObject({ type: 'payout', id: settled.urn, title: settled.urn, matched: 'urn' });
    expect(hit!.subtitle).toMatch(/^₹[\d,]+\.\d{2} · SUCCESS|RETURNED · /);
    expect(hit!.route).toEqual({
      to: '/flow/payouts',
      search: {
        start_date: dayIn('Asia/Kolkata', 0, settled.createdAt.getTime()),
        end_date: dayIn('Asia/Kolkata', 0, settled.createdAt.getTime()),
        search_key: 'meridian_urn',
        search_value: settled.urn,
        selected: settled.urn,
      },
    });
    const prefix = settled.urn.slice(0, 12).toLowerCase();
    expect(ids(await search(acme, prefix, '&limit=10'), 'payout')).toContain(settled.urn);
  });

  it('dates the link in the time zone given', async () => {
    const [hit] = await search(acme, settled.urn, '&time_zone=Pacific/Kiritimati');
    expect(hit!.route.search.start_date).toBe(dayIn('Pacific/Kiritimati', 0, settled.createdAt.getTime()));
  });

  it('finds a payout by UTR and by customer reference', async () => {
    const byUtr = await search(acme, settled.utr);
    expect(byUtr.find((r) => r.id === settled.urn)).toMatchObject({
      matched: 'bank_reference_number',
      subtitle: expect.stringContaining(`UTR ${settled.utr}`),
    });
    const byCrn = await search(acme, settled.crn.toLowerCase());
    expect(byCrn.find((r) => r.id === settled.urn)).toMatchObject({
      matched: 'customer_reference_number',
      subtitle: expect.stringContaining(`Ref ${settled.crn}`),
    });
    // INV-0001…INV-0028 share the prefix: capped at the limit per kind.
    expect(ids(await search(acme, 'inv-00', '&limit=3'), 'payout')).toHaveLength(3);
  });

  it('finds a beneficiary by code, name words and account number, linked to its details', async () => {
    const [byCode] = await search(acme, 'srch-kav');
    expect(byCode).toEqual({
      type: 'beneficiary',
      id: 'SRCH-KAVYA',
      title: 'Kavya Menon',
      subtitle: 'SRCH-KAVYA · A/c 77001234567890 · HDFC0000001 · IMPS',
      matched: 'beneficiary_code',
      route: {
        to: '/flow/beneficiaries',
        search: expect.objectContaining({
          search_key: 'beneficiary_code',
          search_value: 'SRCH-KAVYA',
          selected: 'SRCH-KAVYA',
          start_date: dayIn('Asia/Kolkata'),
        }),
      },
    });
    expect(ids(await search(acme, 'Menon'), 'beneficiary')).toEqual(['SRCH-KAVYA']);
    expect(ids(await search(acme, 'kav  men'), 'beneficiary')).toEqual(['SRCH-KAVYA']);
    expect(ids(await search(acme, 'menon kavya'), 'beneficiary')).toEqual(['SRCH-KAVYA']);
    expect(ids(await search(acme, 'kavya x'), 'beneficiary')).toEqual([]);
    const byAccount = await search(acme, '770012345');
    expect(byAccount.map((r) => [r.id, r.matched])).toEqual([['SRCH-KAVYA', 'beneficiary_account_number']]);
  });

  it('matches LIKE and tsquery characters literally', async () => {
    // `_` is a LIKE wildcard: SRCH_U must not find SRCH-KAVYA's neighbours, only SRCH_UNDERSCORE.
    expect(ids(await search(acme, 'srch_'), 'beneficiary')).toEqual(['SRCH_UNDERSCORE']);
    expect(await search(acme, '%%')).toEqual([]);
    expect(await search(acme, "kav:* | !x & '")).toEqual([]);
    expect(ids(await search(acme, 'kav:*'), 'beneficiary')).toEqual(['SRCH-KAVYA']);
  });

  it("never finds another client's records", async () => {
    // Globex has no payouts and one beneficiary, SRCH-KAVYA-G; Acme's queries also prefix it.
    for (const q of [settled.urn, settled.utr, settled.crn, 'VENDOR-ALPHA', 'srch_'])
      expect(await search(globex, q), q).toEqual([]);
    for (const q of ['SRCH-KAVYA', 'kavya menon', '770012345'])
      expect(ids(await search(globex, q), 'beneficiary'), q).toEqual(['SRCH-KAVYA-G']);
    for (const q of ['srch-kavya', 'kavya menon', '770012345'])
      expect(ids(await search(acme, q), 'beneficiary'), q).toEqual(['SRCH-KAVYA']);
  });

  it('answers bad input with a 400 in the error shape', async () => {
    const bad = [
      '',
      'q=',
      'q=a',
      'q=%20%20a%20',
      'q=ab%00',
      'q=ab%0Acd',
      'q=ab%7F',
      `q=${'a'.repeat(101)}`,
      `q=${'a'.repeat(100_000)}`,
      'q=kavya&limit=0',
      'q=kavya&limit=11',
      'q=kavya&limit=NaN',
      'q=kavya&limit=1e3',
      'q=kavya&time_zone=Mars/Olympus',
      'q=kavya&time_zone=%00',
    ];
    for (const qs of bad) {
      const res = await acme.call('GET', `${SEARCH}?${qs}`);
      expect([qs.slice(0, 40), res.status, res.body.error]).toEqual([
        qs.slice(0, 40),
        400,
        'validation_failed',
      ]);
      expect(res.body).toMatchObject({
        status: 400,
        message: expect.any(String),
        request_id: expect.any(String),
      });
    }
    expect((await acme.call('GET', `${SEARCH}?q=%20kavya%20menon%20`)).status).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const res = await call(server.current, 'GET', `${SEARCH}?q=kavya`);
    expect(res.status).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = await call(server.current, 'GET', '/docs/json');
    const op = (
      doc.body.paths as Record<string, { get?: { parameters?: { name?: string; $ref?: string }[] } }>
    )[SEARCH];
    // a shared parameter is a $ref to #/components/parameters/<its name>
    expect(op?.get?.parameters?.map((p) => p.name ?? p.$ref?.split('/').pop())).toEqual(
      expect.arrayContaining(['q', 'limit', 'time_zone']),
    );
  });
});
