import { beforeAll, describe, expect, it } from 'vitest';
import { call, clientSession, useServer, type ClientSession, type Reply } from './helpers.ts';
import {
  dereferenced,
  operationsOf,
  plausibleValue,
  type Document,
  type Operation,
} from './openapi-requests.ts';

/**
 * The two-modes matrix (issue 33). Acme makes the same kinds of records in test mode and in live mode through the
 * API, with a key of each mode. Then every read of the OpenAPI document that works in a mode (each GET declaring
 * `Meridian-Mode`: lists, counts, exports, details, summaries) is called by a live key, a test key, a live session
 * and a test session: none answers anything of the other mode, a details operation answers 404 to an id of the
 * other mode (as to another company's id), and every record says the caller's mode.
 */
const server = useServer({ SEED_DEMO_FLOW: 'true' });

type Mode = 'live' | 'test';
const otherMode = (m: Mode): Mode => (m === 'live' ? 'test' : 'live');
const MODE_HEADER = 'meridian-mode';
/** The KYC product each mode calls once (fabric's cheapest, answered at once). */
const KYC_PRODUCT = 'text-match';
type Json = Record<string, unknown>;
type Send = (url: string, headers?: Record<string, string>) => Promise<Reply>;
type Caller = { name: string; mode: Mode; send: Send };
type Read = { path: string; op: Operation; kind: 'list' | 'count' | 'export' | 'details' };

/** What a mode made: every id of its records (none occurs in the other mode), and its API key. */
type Made = Awaited<ReturnType<typeof makeRecords>>;

let acme: ClientSession;
let reads: Read[];
const made = {} as Record<Mode, Made>;
const callers: Caller[] = [];
/** Every read's answer, per caller. */
const answers = new Map<Caller, { read: Read; url: string; res: Reply }[]>();
/** Ids that a details operation answers 200 to, per mode: found from the mode's own answers. */
const detailsIds = new Map<Read, Record<Mode, string[]>>();

type Key = { id: string; secret: string };
const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
const basic = (key: Key) => `Basic ${Buffer.from(`${key.id}:${key.secret}`).toString('base64')}`;
const sessionSend =
  (mode: Mode): Send =>
  (url, headers = {}) =>
    acme.call('GET', url, { headers: { ...(mode === 'test' ? { [MODE_HEADER]: 'test' } : {}), ...headers } });
const keySend =
  (key: Key): Send =>
  (url, headers = {}) =>
    call(server.current, 'GET', url, { headers: { authorization: basic(key), ...headers } });

// ---------------------------------------------------------------------------------------------------------
// Making the records of a mode

/**
 * Makes, in `mode`, a beneficiary and a payout to it, a virtual account, a validation, a payment link, a mandate,
 * a KYC call, a report, a callback replay and an API key (role admin: it may read everything), each named so that
 * no id of one mode can occur in the other's answers.
 */
async function makeRecords(mode: Mode) {
  const tag = `MX-${mode.toUpperCase()}`;
  const send = async (
    method: 'GET' | 'POST',
    url: string,
    body?: Json,
    headers: Record<string, string> = {},
  ) => {
    const res = await acme.call(method, url, {
      ...(body ? { body } : {}),
      headers: { ...(mode === 'test' ? { [MODE_HEADER]: 'test' } : {}), ...headers },
    });
    expect(res.status, `${mode} ${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const [account] = (await send('GET', '/meridian/read/fetch/balance')).data as { account_number: string }[];
  const sender = account!.account_number;
  const bank = { ifsc_code: 'HDFC0000001', beneficiary_account_number: '50100012341111' };
  await send('POST', '/v2/banking/beneficiary', {
    ...bank,
    beneficiary_code: `${tag}-BEN`,
    beneficiary_name: 'Mode Vendor',
    provider: 'Meridian Sandbox Bank',
    provider_code: 'MRDN',
    transfer_type: 'IMPS',
    sender_account_number: sender,
  });
  const payout = await send(
    'POST',
    '/core_banking/money_transfer/initiate',
    {
      customer_reference_number: `${tag}-PAY`,
      beneficiary_code: `${tag}-BEN`,
      amount: '15.00',
      transfer_type: 'IMPS',
      purpose_message: 'modes',
      sender_account_number: sender,
    },
    { 'idempotency-key': `${tag}-PAY` },
  );
  const va = await send('POST', '/v2/banking/account/virtual', {
    name: 'Mode Payer',
    customer_id: `${tag}-VA`,
  });
  const validation = await send('POST', '/core_banking/money_transfer/validate_account', {
    ...bank,
    beneficiary_name: 'Mode Vendor',
    customer_reference_number: `${tag}-VAL`,
  });
  const link = await send('POST', '/v2/payments/links', {
    customer_reference_number: `${tag}-LINK`,
    purpose: 'Modes',
    amount: '20',
  });
  const mandate = await send('POST', '/v2/mandates', {
    customer_reference_number: `${tag}-MDT`,
    type: 'NACH',
    customer_name: 'Kavya Menon',
    customer_mobile: '9812345678',
    account_number: '50100099887766',
    ifsc_code: 'HDFC0000001',
    account_type: 'SAVINGS',
    max_amount: '5000',
    frequency: 'MONTHLY',
    start_date: day(0),
  });
  const kyc = await send('POST', `/v2/fabric/${KYC_PRODUCT}`, {
    customer_reference_number: `${tag}-KYC`,
    type: 'name',
    text_1: 'Asha Menon',
    text_2: 'asha menon',
  });
  const report = await send('POST', '/meridian/reports/generate', {
    report_type: 'payouts',
    format: 'json',
    start_date: day(7),
    end_date: day(0),
  });
  const replay = await send('POST', '/v2/company/callback/replays', {
    start_date: day(0),
    end_date: day(0),
    time_zone: 'UTC',
  });
  const key = await send('POST', '/v2/company/api_keys', { name: `${tag} key`, role: 'admin' });
  for (const record of [payout, va, validation, link, mandate, replay])
    expect(record.livemode).toBe(mode === 'live');
  const ids = {
    current_account: sender,
    beneficiary: `${tag}-BEN`,
    payout: payout.urn as string,
    payout_reference: `${tag}-PAY`,
    virtual_account: va.urn as string,
    virtual_account_number: va.account_number as string,
    virtual_account_customer: `${tag}-VA`,
    validation: validation.urn as string,
    validation_reference: `${tag}-VAL`,
    link: link.urn as string,
    link_reference: `${tag}-LINK`,
    mandate: mandate.urn as string,
    mandate_reference: `${tag}-MDT`,
    kyc: kyc.meridian_urn as string,
    report: report.report_urn as string,
    replay: replay.replay_id as string,
    key: key.key_id as string,
  };
  return { ids, key: { id: ids.key, secret: key.key_secret as string } satisfies Key };
}

// ---------------------------------------------------------------------------------------------------------
// The reads of the document

/** A read in a mode that answers reference data both modes share (a bank branch by IFSC), no record of either. */
const REFERENCE_DATA = ['/meridian/read/fetch/ifsc/{ifsc}'];

/** Every GET that works in a mode, but the event stream (it never ends; its own tests cover it). */
function modeReads(doc: Document): Read[] {
  return operationsOf(dereferenced(doc))
    .filter(({ method, op }) => method === 'get' && op.parameters?.some((p) => p.name === 'Meridian-Mode'))
    .filter(
      ({ path, op }) => !JSON.stringify(op).includes('text/event-stream') && !REFERENCE_DATA.includes(path),
    )
    .map(({ path, op }) => {
      const names = (op.parameters ?? []).map((p) => p.name);
      const kind = path.includes('{')
        ? 'details'
        : /\/count(\/|$)/.test(path)
          ? 'count'
          : names.includes('format')
            ? 'export'
            : 'list';
      return { path, op, kind };
    });
}

/** The query a read is called with: the widest page, 90 days, JSON files; required values from the mode's own. */
function queryOf(read: Read, own: Map<string, string>): string {
  const wanted: Record<string, string> = {
    limit: '100',
    start_date: day(90),
    end_date: day(0),
    time_zone: 'UTC',
    format: 'json',
  };
  const params = (read.op.parameters ?? []).filter((p) => p.in === 'query');
  const query = params.flatMap((p) =>
    p.name in wanted
      ? [[p.name, wanted[p.name]!]]
      : p.required
        ? [[p.name, String(plausibleValue(p.schema ?? {}, p.name, own))]]
        : [],
  );
  return new URLSearchParams(query).toString();
}

/** Every string under an id-like key of an answer, by key (`urn`, `event_id`…), and where it was seen. */
function harvest(value: unknown, from: string, into: { key: string; value: string; from: string }[]) {
  if (Array.isArray(value)) for (const v of value) harvest(v, from, into);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'string' && /(^|_)(urn|id|code)$/.test(key)) into.push({ key, value: v, from });
      else harvest(v, from, into);
    }
}

/** Where the ids a mode made come from in `seen`, and the answer key each is found under. */
const MADE = 'made';
const KEY_OF: Record<string, string> = {
  beneficiary: 'beneficiary_code',
  key: 'key_id',
  report: 'report_urn',
  replay: 'replay_id',
  ...Object.fromEntries(
    ['payout', 'virtual_account', 'validation', 'link', 'mandate', 'kyc'].map((n) => [n, 'urn']),
  ),
};
/** Path parameters that name no record, with the value every details read is called with. */
const FIXED: Record<string, string> = { slug: KYC_PRODUCT };
/** The id of a details read's URL (its other path parameters FIXED). */
const detailsUrl = (read: Read, id: string) =>
  read.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(FIXED[name] ?? id));
/** The path parameter of a details read and the answer keys its values come from. */
const SOURCES: Record<string, string[]> = { id: ['cycle_id', 'urn'], report_urn: ['report_urn'] };
const likeness = (a: string, b: string) => a.split('/').filter((s) => s && b.split('/').includes(s)).length;

/** Up to two ids a details read answers 200 to in `mode`: what the mode made first, then what its lists showed. */
async function findDetailsIds(read: Read, mode: Mode, seen: { key: string; value: string; from: string }[]) {
  const params = (read.op.parameters ?? []).filter((p) => p.in === 'path' && !(p.name in FIXED));
  if (params.length !== 1) return [];
  const keys = SOURCES[params[0]!.name] ?? [params[0]!.name];
  const rank = (from: string) => (from === MADE ? 1000 : likeness(read.path, from));
  const candidates = [
    ...new Set(
      seen
        .filter((s) => keys.includes(s.key))
        .sort((a, b) => rank(b.from) - rank(a.from))
        .map((s) => s.value),
    ),
  ].slice(0, 10);
  const found: string[] = [];
  for (const id of candidates) {
    if (found.length === 2) break;
    const res = await sessionSend(mode)(detailsUrl(read, id));
    if (res.status === 200) found.push(id);
  }
  return found;
}

beforeAll(async () => {
  acme = await clientSession(server.current, 'admin@acme.test');
  for (const mode of ['live', 'test'] as const) made[mode] = await makeRecords(mode);
  callers.push(
    { name: 'live key', mode: 'live', send: keySend(made.live.key) },
    { name: 'test key', mode: 'test', send: keySend(made.test.key) },
    { name: 'live session', mode: 'live', send: sessionSend('live') },
    { name: 'test session', mode: 'test', send: sessionSend('test') },
  );
  const doc = (await server.current.app.inject({ method: 'GET', url: '/docs/json' })).json<Document>();
  reads = modeReads(doc);
  // Every read of the document by every caller, before any request names an id of the other mode (the request
  // log, one of the reads, keeps the paths it was called with).
  const seen = { live: [], test: [] } as Record<Mode, { key: string; value: string; from: string }[]>;
  for (const caller of callers) {
    const own = new Map(Object.entries({ account_number: made[caller.mode].ids.current_account }));
    const mine: { read: Read; url: string; res: Reply }[] = [];
    for (const read of reads.filter((r) => r.kind !== 'details')) {
      const url = `${read.path}?${queryOf(read, own)}`;
      const res = await caller.send(url);
      mine.push({ read, url, res });
      if (res.status === 200) harvest(res.body, read.path, seen[caller.mode]);
    }
    answers.set(caller, mine);
  }
  for (const mode of ['live', 'test'] as const)
    for (const [name, value] of Object.entries(made[mode].ids))
      seen[mode].push({ key: KEY_OF[name] ?? name, value, from: MADE });
  for (const read of reads.filter((r) => r.kind === 'details'))
    detailsIds.set(read, {
      live: await findDetailsIds(read, 'live', seen.live),
      test: await findDetailsIds(read, 'test', seen.test),
    });
}, 120_000);

// ---------------------------------------------------------------------------------------------------------

/** Answers of reads that name records yet are not records themselves. */
const NOT_RECORDS = ['/meridian/read/search/global', '/meridian/read/fetch/trace/{id}'];

/** What is wrong with an answer to `caller`: an id of the other mode in it, or a record not of its mode. */
function problemsOf(caller: Caller, path: string, res: Reply): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`${res.status}`);
  const text = JSON.stringify(res.body);
  for (const [what, id] of Object.entries(made[otherMode(caller.mode)].ids))
    if (text.includes(id)) problems.push(`the other mode's ${what} ${id}`);
  const livemodes = new Set<unknown>();
  JSON.stringify(res.body, (key, v: unknown) => (key === 'livemode' && livemodes.add(v), v));
  if ([...livemodes].some((v) => v !== (caller.mode === 'live')))
    problems.push(`livemode ${[...livemodes].join('/')}`);
  const records = [res.body, ...(Array.isArray(res.body.data) ? (res.body.data as unknown[]) : [])];
  const unmarked = records.filter(
    (r) =>
      r &&
      typeof r === 'object' &&
      Object.keys(r).some((k) => /(^|_)(urn|id)$/.test(k)) &&
      !('livemode' in r) &&
      !NOT_RECORDS.includes(path),
  );
  if (res.status < 300 && unmarked.length) problems.push(`${unmarked.length} record(s) without livemode`);
  return problems.map((p) => `${caller.name}: GET ${path} → ${res.status}: ${p}`);
}

describe('the two modes', () => {
  it('makes a key per mode: mk_live_ and mk_test_', () => {
    expect(made.live.key.secret).toMatch(/^mk_live_/);
    expect(made.test.key.secret).toMatch(/^mk_test_/);
  });

  it("refuses a key another mode's header, and a session a mode that is neither", async () => {
    const url = '/meridian/read/count/transaction/payouts';
    const testKey = await keySend(made.test.key)(url, { [MODE_HEADER]: 'live' });
    expect([testKey.status, testKey.body.error]).toEqual([400, 'mode_mismatch']);
    const liveKey = await keySend(made.live.key)(url, { [MODE_HEADER]: 'test' });
    expect([liveKey.status, liveKey.body.error]).toEqual([400, 'mode_mismatch']);
    expect((await keySend(made.test.key)(url, { [MODE_HEADER]: 'test' })).status).toBe(200);
    const bogus = await acme.call('GET', url, { headers: { [MODE_HEADER]: 'bogus' } });
    expect([bogus.status, bogus.body.error]).toEqual([400, 'invalid_mode']);
  });

  it('covers the lists, counts, exports and details of the document', () => {
    const count = (kind: Read['kind']) => reads.filter((r) => r.kind === kind).length;
    expect(count('count')).toBeGreaterThan(30);
    expect(count('export')).toBeGreaterThan(30);
    // A details read is proven by an id of each mode that it answers 200 to; these are not, for a reason.
    const UNPROVEN: Record<string, string> = {
      '/meridian/read/fetch/bulk/{urn}': 'a test bulk takes a file upload: bulk.test.ts',
      '/meridian/read/download/bulk/{urn}/input': 'the same',
      '/meridian/read/download/bulk/{urn}/response': 'the same',
      '/meridian/read/reports/{report_urn}/download': 'a report is built by a worker (jobs off here)',
      '/meridian/read/fetch/approvals/{urn}': 'nothing is held: no approval rules in this demo',
    };
    const inBoth = ([, ids]: [Read, Record<Mode, string[]>]) => ids.live.length > 0 && ids.test.length > 0;
    const proven = [...detailsIds].filter(inBoth).map(([r]) => r.path);
    const unproven = [...detailsIds].filter((d) => !inBoth(d)).map(([r]) => r.path);
    console.info(
      `modes matrix: ${count('list')} lists, ${count('count')} counts, ${count('export')} exports, ` +
        `${proven.length} of ${count('details')} details proven in both modes`,
    );
    expect(unproven.sort()).toEqual(Object.keys(UNPROVEN).sort());
    expect(proven.length).toBeGreaterThan(10);
  });

  describe.each(['live key', 'test key', 'live session', 'test session'])('%s', (name) => {
    const caller = () => callers.find((c) => c.name === name)!;

    it('lists, counts and exports nothing of the other mode; every record is of its mode', () => {
      const mine = answers.get(caller())!;
      const problems = mine.flatMap(({ read, res }) => problemsOf(caller(), read.path, res));
      // What the mode made is there to be found: the check above is not looking at empty answers.
      const text = JSON.stringify(mine.map((a) => a.res.body));
      for (const [what, id] of Object.entries(made[caller().mode].ids))
        if (!text.includes(id)) problems.push(`its own ${what} ${id} is in no answer`);
      expect(problems).toEqual([]);
    });

    it('counts what its list shows', () => {
      const mine = answers.get(caller())!;
      const byPath = new Map(mine.map((a) => [a.read.path, a]));
      const listOf = (path: string) =>
        [
          path.replace('/count/', '/search/'),
          path.replace('/count/', '/fetch/'),
          path.replace(/\/count$/, ''),
        ]
          .map((p) => byPath.get(p))
          .find((a) => Array.isArray(a?.res.body.data));
      const problems = mine.flatMap(({ read, res }) => {
        const list = read.kind === 'count' ? listOf(read.path) : undefined;
        const count = res.body.count;
        if (!list || typeof count !== 'number') return [];
        const shown = (list.res.body.data as unknown[]).length;
        // A page of 100 asked for and not full shows the whole list; a list without `limit` only a lower bound.
        const whole = list.url.includes('limit=100') && shown < 100;
        return count < shown || (whole && count !== shown)
          ? [`GET ${read.path}: ${count}, its list ${shown}`]
          : [];
      });
      expect(problems).toEqual([]);
    });

    it("answers a details read 404 by the other mode's id, 200 by its own", async () => {
      const problems: string[] = [];
      for (const [read, ids] of detailsIds) {
        const url = (id: string) => detailsUrl(read, id);
        for (const id of ids[caller().mode]) {
          const res = await caller().send(url(id));
          if (res.status !== 200) problems.push(`GET ${url(id)} (own) → ${res.status}`);
          else problems.push(...problemsOf(caller(), read.path, res));
        }
        for (const id of ids[otherMode(caller().mode)]) {
          const res = await caller().send(url(id));
          if (res.status !== 404) problems.push(`GET ${url(id)} (the other mode's) → ${res.status}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('finds nothing of the other mode in the global search, and its own records', async () => {
      const search = (q: string) => caller().send(`/meridian/read/search/global?q=${encodeURIComponent(q)}`);
      const own = made[caller().mode].ids;
      const theirs = made[otherMode(caller().mode)].ids;
      expect(JSON.stringify((await search(own.payout_reference)).body)).toContain(own.payout);
      for (const q of [
        theirs.payout,
        theirs.payout_reference,
        theirs.beneficiary,
        theirs.mandate_reference,
      ]) {
        const res = await search(q);
        expect([res.status, res.body.data], q).toEqual([200, []]);
      }
    });
  });
});
