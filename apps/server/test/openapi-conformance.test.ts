import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema.ts';
import { buildReport } from '../src/reports/build.ts';
import { REPORT_SOURCES } from '../src/reports/sources/index.ts';
import { clientSession, useServer, type ClientSession, type Reply } from './helpers.ts';
import { documentOf, undeclaredAnswers } from './openapi-answers.ts';
import {
  dereferenced,
  harvest,
  operationsOf,
  plausibleRequest,
  type Document,
  type Method,
} from './openapi-requests.ts';

/**
 * The document matches the server, as a validating proxy (Prism) replaying real answers sees it: every status
 * and content type an operation answers is declared for it. Driven here: every operation as one client with the
 * identifiers of another (the tenancy matrix: 404s for ids in bodies and queries), every export in each format,
 * reports in each format (and a failed one), bulk files, a payout receipt, the event stream without its Accept,
 * a settlement that cannot be reattempted. Every answer of this file is then checked against the document.
 */
const server = useServer({ SEED_DEMO_FLOW: 'true' });
const P = 'meridian';

/** Operations on the caller's own session and security settings (a requirement of two-factor would lock the rest out). */
const OWN_ACCOUNT = /^\/(v2\/(auth|mfa|user)\/|excalibur\/password|v2\/company\/mfa-requirement)/;

let acme: ClientSession;
let globex: ClientSession;
let doc: Document;

const send = async (session: ClientSession, method: Method, url: string, body?: unknown, headers = {}) =>
  session.call(method.toUpperCase() as 'GET', url, { ...(body !== undefined ? { body } : {}), headers });

/** The identifiers a client's plain reads answer (its accounts, beneficiaries, payouts…), by field name. */
async function identifiersOf(session: ClientSession): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  for (const { path, method, op } of operationsOf(doc))
    if (method === 'get' && !path.includes('{') && !path.includes('/export/') && !path.includes('/stream/')) {
      const res = await send(session, method, plausibleRequest(path, op, new Map()).url);
      if (res.status === 200) harvest(res.body, seen);
    }
  expect(seen.size).toBeGreaterThan(10);
  return seen;
}

beforeAll(async () => {
  acme = await clientSession(server.current, 'admin@acme.test');
  globex = await clientSession(server.current, 'admin@globex.test');
  doc = dereferenced((await documentOf(server.current)) as unknown as Document);
});

describe('files', () => {
  it('exports every list in each format', async () => {
    const exports = operationsOf(doc).filter(
      ({ path }) => path.includes('/export/') || path.endsWith('/report'),
    );
    expect(exports.length).toBeGreaterThan(30);
    const mine = await identifiersOf(acme);
    let files = 0;
    for (const { path, method, op } of exports)
      for (const format of ['csv', 'xlsx', 'json']) {
        const { url } = plausibleRequest(path, op, mine);
        const res = await send(acme, method, `${url}${url.includes('?') ? '&' : '?'}format=${format}`);
        // 404: a list of one account's postings given an account of another kind (a current account's number
        // to the virtual accounts' list)
        expect([200, 202, 404], `${path} ${format}: ${res.status}`).toContain(res.status);
        if (res.status !== 404) files++;
      }
    expect(files).toBeGreaterThan(exports.length * 2);
  });

  it('downloads reports in each format, and refuses a failed one with a 409', async () => {
    const [client] = await server.current.handle.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.clientId, acme.client_id));
    const build = async (res: Reply) => {
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const urn = res.body.report_urn as string;
      await buildReport(
        server.current.handle.db,
        { clientRef: client!.id, urn },
        { sources: REPORT_SOURCES, product: P },
      );
      return urn;
    };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = { start_date: day(-8), end_date: day(1) };
    for (const format of ['csv', 'xlsx', 'json', 'pdf']) {
      const urn = await build(
        await acme.call('POST', `/${P}/reports/generate`, {
          body: { report_type: 'payouts', format, ...range },
        }),
      );
      expect((await acme.call('GET', `/${P}/read/reports/${urn}/download`)).status).toBe(200);
    }
    const globexAccounts = (await globex.call('GET', `/${P}/read/fetch/account_balances`)).body.data as {
      account_number: string;
    }[];
    const failed = await build(
      await acme.call('POST', '/v2/banking/account/consolidated_account_statement', {
        body: { ...range, account_numbers: [globexAccounts[0]!.account_number] },
      }),
    );
    expect((await acme.call('GET', `/${P}/read/reports/${failed}`)).body.status).toBe('FAILED');
    expect((await acme.call('GET', `/${P}/read/reports/${failed}/download`)).status).toBe(409);
  });

  it('answers bulk templates and files, a payout receipt as a PDF', async () => {
    for (const format of ['csv', 'xlsx'])
      expect((await acme.call('GET', `/${P}/bulk/template.${format}`)).status).toBe(200);
    const bulks = (await acme.call('GET', `/${P}/read/search/bulk/payouts?limit=5`)).body.data as {
      urn: string;
    }[];
    expect(bulks.length).toBeGreaterThan(0);
    for (const { urn } of bulks)
      for (const file of ['input', 'response'])
        expect((await acme.call('GET', `/${P}/read/download/bulk/${urn}/${file}`)).status).toBe(200);
    const payouts = (await acme.call('GET', `/${P}/read/search/transaction/payouts?limit=1`)).body.data as {
      urn: string;
    }[];
    const receipt = await acme.call('POST', '/api/pdf_generation', {
      body: { document: 'payout_receipt', payout_urn: payouts[0]!.urn },
    });
    expect([receipt.status, receipt.headers['content-type']]).toEqual([200, 'application/pdf']);
  });
});

describe('refusals', () => {
  it('refuses the event stream without its Accept (406) and a reattempt of a settlement that has not failed (422)', async () => {
    const stream = await acme.call('GET', `/${P}/read/stream/fabric/events`);
    expect(stream.status).toBe(406);
    const base = `/${P}/operations/settlement`;
    const settlements = (await acme.call('GET', `${base}/history?limit=100`)).body.data as {
      urn: string;
      status: string;
    }[];
    const notFailed = settlements.find((s) => s.status !== 'FAILED');
    expect(notFailed).toBeDefined();
    const refused = await acme.call('POST', `${base}/history/${notFailed!.urn}/reattempt`);
    expect([refused.status, refused.body.error]).toEqual([422, 'settlement_not_failed']);
  });
});

describe('one client with the identifiers of another', () => {
  it('answers every operation with a status the document declares (404s included)', async () => {
    const theirs = new Map<string, string>();
    const ops = operationsOf(doc);
    // Globex's identifiers, from its own lists and details
    for (const { path, method, op } of ops)
      if (
        method === 'get' &&
        !path.includes('{') &&
        !path.includes('/export/') &&
        !path.includes('/stream/')
      ) {
        const res = await send(globex, method, plausibleRequest(path, op, new Map()).url);
        if (res.status === 200) harvest(res.body, theirs);
      }
    expect(theirs.size).toBeGreaterThan(10);

    let notFound = 0;
    for (const { path, method, op } of ops) {
      // the caller's own sign-in, profile and two-factor settings name no record of a client
      if (path.includes('/stream/') || OWN_ACCOUNT.test(path)) continue;
      const { url, body, headers } = plausibleRequest(path, op, theirs);
      let res: Reply = await send(acme, method, url, body, headers);
      if (res.status === 401) {
        // an operation that ended the session (a password change): sign in again and go on
        acme = await clientSession(server.current, 'admin@acme.test');
        res = await send(acme, method, url, body, headers);
      }
      if (res.status === 404) notFound++;
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
    }
    // Globex's records are never Acme's: many operations refuse them as not found
    expect(notFound).toBeGreaterThan(30);
  });
});

describe('the document', () => {
  it('declares every status and content type answered in this file', async () => {
    expect(server.current.answers.length).toBeGreaterThan(300);
    const undeclared = undeclaredAnswers(await documentOf(server.current), server.current.answers);
    console.info(`${server.current.answers.length} answers, ${undeclared.length} undeclared`);
    expect(undeclared).toEqual([]);
  });
});
