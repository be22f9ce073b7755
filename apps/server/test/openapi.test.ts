import { CALLBACK_EVENT_TYPES } from '@meridian/contract';
import { STAFF_PERMISSIONS, type Permission } from '@meridian/contract/permissions';
import { describe, expect, it } from 'vitest';
import { COMPANY_LEVEL, LIVE_GATE, MOVES_MONEY, operationIdFor } from '../src/http/openapi.ts';
import { useServer } from './helpers.ts';
import { moneyRouteSites } from './money-routes.ts';

/**
 * The safety net of the OpenAPI document (apps/server/src/http/openapi.ts derives it in one place): EVERY
 * operation, including routes added later in any domain, is complete enough for a linter, a generator and a
 * reader, and what the document says about credentials is what the server does.
 */
const server = useServer();

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; $ref?: string }>;
  responses?: Record<string, unknown>;
  'x-codeSamples'?: Array<{ lang: string; source: string }>;
  'x-permission'?: string;
  [MOVES_MONEY]?: boolean;
  [COMPANY_LEVEL]?: boolean;
  [LIVE_GATE]?: boolean;
};
type Doc = {
  openapi: string;
  info: { contact?: unknown; license?: unknown; description?: string };
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post?: Operation & { requestBody?: unknown } }>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, unknown>;
    parameters?: Record<string, unknown>;
  };
};

async function documentOf(): Promise<Doc> {
  const res = await server.current.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json() as Doc;
}
const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with servers, contact, licence and a getting-started section', async () => {
    const doc = await documentOf();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers?.[0]?.url).toMatch(/^https?:\/\//);
    expect(doc.info.contact).toBeDefined();
    expect(doc.info.license).toBeDefined();
    for (const topic of ['RSA-OAEP', 'SMS', 'API keys', 'Idempotency', 'Lists', 'Errors'])
      expect(doc.info.description).toContain(topic);
  });

  it('gives EVERY operation a unique operationId, a summary, described tags, its security and its 4xx', async () => {
    const doc = await documentOf();
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(100);
    const described = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
    const ids = new Set<string>();
    const problems: string[] = [];
    const shared = (doc.components as { parameters?: Record<string, { in: string }> }).parameters ?? {};
    const inOf = (p: { in?: string; $ref?: string }) => p.in ?? shared[p.$ref?.split('/').pop() ?? '']?.in;
    for (const { path, method, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!op.operationId || !/^[a-z][A-Za-z0-9]+$/.test(op.operationId))
        problems.push(`${where}: operationId`);
      else if (ids.has(op.operationId)) problems.push(`${where}: duplicate operationId ${op.operationId}`);
      ids.add(op.operationId ?? '');
      if (!op.summary?.trim()) problems.push(`${where}: no summary (add one in the route's schema)`);
      if (!op.tags?.length) problems.push(`${where}: no tag`);
      for (const t of op.tags ?? []) if (!described.get(t)) problems.push(`${where}: tag ${t} not described`);
      if (!Array.isArray(op.security)) problems.push(`${where}: no security (or explicit [])`);
      const codes = Object.keys(op.responses ?? {});
      if (!codes.some((c) => /^4/.test(c))) problems.push(`${where}: no 4xx answer`);
      if (!codes.includes('500')) problems.push(`${where}: no 500 answer`);
      if (op.security?.length && !(codes.includes('401') && codes.includes('403')))
        problems.push(`${where}: secured without 401/403`);
      if (op.parameters?.some((p) => inOf(p) === 'path') && !codes.includes('404'))
        problems.push(`${where}: no 404`);
      const langs = (op['x-codeSamples'] ?? []).map((s) => s.lang);
      if (!['Shell', 'JavaScript', 'Python'].every((l) => langs.includes(l)))
        problems.push(`${where}: samples`);
    }
    expect(problems).toEqual([]);
  });

  it('gives EVERY operation a description of its own (not the summary again, nor only the role it needs)', async () => {
    const doc = await documentOf();
    const problems: string[] = [];
    for (const { path, method, op } of operations(doc)) {
      // completeDocument appends the role an operation needs: that sentence alone is not a description.
      const text = (op.description ?? '')
        .replace(/\s*Needs the `[^`]+` role \(403 without it\)\.$/, '')
        .trim();
      if (text.length < 40 || text === op.summary?.trim())
        problems.push(`${method.toUpperCase()} ${path}: no description (add one in the route's schema)`);
    }
    expect(problems).toEqual([]);
  });

  it('refers to the one error shape, money, dates and the list parameters as shared components', async () => {
    const doc = await documentOf();
    expect(doc.components.schemas).toHaveProperty('Error');
    expect(doc.components.schemas).toHaveProperty('Money');
    expect(doc.components.schemas).toHaveProperty('CalendarDateInput');
    expect(doc.components.responses['E400']).toEqual({
      description: expect.any(String),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    const shared = (doc.components as { parameters?: Record<string, unknown> }).parameters ?? {};
    for (const name of ['start_date', 'end_date', 'limit', 'offset', 'search_key', 'search_value'])
      expect(shared).toHaveProperty(name);
    const text = JSON.stringify(doc.paths);
    expect(text).toContain('"$ref":"#/components/parameters/start_date"');
    expect(shared).toHaveProperty('urn');
    expect(text).toContain('"$ref":"#/components/schemas/Money"');
    expect(text).toContain('"$ref":"#/components/schemas/CalendarDateInput"');
  });

  it('says which operations are public, need a session, an API key or a staff permission', async () => {
    const doc = await documentOf();
    const security = (method: string, path: string) => doc.paths[path]?.[method]?.security;
    expect(security('get', '/v2/auth/public-key')).toEqual([]);
    expect(security('post', '/v2/auth/token')).toEqual([]);
    expect(security('post', '/v2/mfa/verify')).toEqual([]);
    expect(security('post', '/excalibur/password/reset')).toEqual([]);
    expect(security('post', '/v2/auth/logout')).toEqual([{ bearerAuth: [] }]);
    expect(security('post', '/v2/fabric/ckyc')).toEqual([{ apiKeyAuth: [] }, { bearerAuth: [] }]);
    expect(doc.paths['/meridian/operations/companies']?.['get']?.summary).toBeTruthy();
    expect(doc.paths['/meridian/operations/companies']?.['get']?.['x-permission']).toBe('ops.credits');
    expect(JSON.stringify(doc.paths['/meridian/operations/companies'])).toContain(
      'Needs the `ops.credits` permission',
    );
    expect(Object.keys(doc.paths['/v2/auth/token']?.['post']?.responses ?? {})).toContain('429');
    expect(
      Object.keys(doc.paths['/core_banking/money_transfer/initiate']?.['post']?.responses ?? {}),
    ).toEqual(expect.arrayContaining(['409', '422']));
  });

  it('matches the server: without credentials, exactly the secured operations answer 401, before any input check', async () => {
    const doc = await documentOf();
    const wrong: string[] = [];
    let proven = 0;
    for (const { path, method, op } of operations(doc)) {
      const url = path.replace(/\{[^}]+\}/g, 'X1');
      const secured = (op.security?.length ?? 0) > 0;
      // Empty input: no body at all, and an empty JSON object. Authentication comes first: a secured operation
      // answers 401 whatever its input, never 400 (a caller without credentials learns nothing of the schema).
      for (const empty of [{}, { headers: { 'content-type': 'application/json' }, payload: '{}' }]) {
        if (method === 'get' && 'payload' in empty) continue;
        const res = await server.current.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { accept: 'application/json', ...('headers' in empty ? empty.headers : {}) },
          ...('payload' in empty ? { payload: empty.payload } : {}),
        });
        const ok = secured ? res.statusCode === 401 : res.statusCode !== 401;
        if (secured && res.statusCode === 401) proven++;
        if (!ok)
          wrong.push(
            `${method.toUpperCase()} ${path} (${'payload' in empty ? '{}' : 'no body'}): documented ${secured ? 'secured' : 'public'}, answered ${res.statusCode}`,
          );
      }
    }
    console.info(
      `without credentials: ${new Set(wrong.filter((w) => w.endsWith('answered 400')).map((w) => w.split(' (')[0])).size} secured operations answered 400`,
    );
    expect(wrong).toEqual([]);
    expect(proven).toBeGreaterThan(200);
  });

  it('has a webhook per callback event type and the test event, with its payload and the Standard Webhooks headers', async () => {
    const doc = await documentOf();
    const expected = [...CALLBACK_EVENT_TYPES, 'CALLBACK_TEST'];
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual(expected.sort());
    for (const type of expected) {
      const post = doc.webhooks?.[type]?.post;
      expect(post?.parameters?.map((p) => p.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      const ref = JSON.stringify(post?.requestBody).match(/#\/components\/schemas\/(\w+)/)?.[1];
      expect(doc.components.schemas).toHaveProperty(ref!);
    }
  });
});

describe('the money-moving marker (x-meridian-moves-money)', () => {
  /** Every operation that moves money, now or through the jobs it starts. */
  const MONEY_MOVING = [
    'POST /core_banking/money_transfer/initiate', // a payout: debit now
    'POST /core_banking/money_transfer/validate_account', // penny drop: ₹2.00 fee debited
    'POST /meridian/bulk/bulk_payout', // a payout per row (bulk jobs)
    'POST /v2/mandates/{urn}/presentations', // a debit of the customer's account under the mandate
    'POST /meridian/sandbox/simulate/credit', // a credit to a virtual account
    'POST /meridian/operations/settlement/account', // penny drop of the settlement account (fee)
    'POST /meridian/operations/settlement/cycles/{id}/invoke', // a settlement payout
    'POST /meridian/operations/settlement/history/{urn}/reattempt', // a settlement payout again
    'POST /meridian/operations/credits/load', // prepaid credits
    'POST /meridian/operations/credits/unload',
    'POST /v2/approvals/{urn}/approve', // runs a held payout (or bulk) once its last step is approved
    'POST /v2/approvals/decisions', // the same, many at once
  ];

  it('marks exactly the operations that move money', async () => {
    const doc = await documentOf();
    const marked = operations(doc)
      .filter(({ op }) => op[MOVES_MONEY] === true)
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(marked.sort()).toEqual([...MONEY_MOVING].sort());
    // A read is never marked; the marker is a boolean `true` or absent.
    for (const { method, op } of operations(doc)) {
      if (method === 'get') expect(op[MOVES_MONEY]).toBeUndefined();
      expect([undefined, true]).toContain(op[MOVES_MONEY]);
    }
  });

  it('is set on every route whose handler reaches the ledger (read from the source)', () => {
    const sites = moneyRouteSites();
    expect(sites.length).toBeGreaterThan(50);
    const reaching = sites.filter((s) => s.reachesLedger);
    // The graph finds the known writers: if this drops, the analysis broke, not the code.
    expect(reaching.map((s) => s.path)).toEqual(
      expect.arrayContaining([
        "'/core_banking/money_transfer/initiate'",
        '`/${deps.config.PROVIDER}/sandbox/simulate/credit`',
      ]),
    );
    const unflagged = reaching
      .filter((s) => !s.flagged && !s.hidden)
      .map((s) => `${s.where} ${s.method} ${s.path}: reaches the ledger; add config.openapi.movesMoney`);
    expect(unflagged).toEqual([]);
    // A flag on a route that neither reaches the ledger nor is listed above would be a mistake: the list above
    // and the document (previous test) hold those.
    expect(sites.filter((s) => s.flagged).length).toBe(MONEY_MOVING.length - 1); // load/unload: one call site
  });
});

describe('modes in the document', () => {
  const MODE_REF = '#/components/parameters/Meridian-Mode';
  const declaresMode = (op: Operation) => (op.parameters ?? []).some((p) => p.$ref === MODE_REF);
  const inMode = (op: Operation) =>
    (op.security?.length ?? 0) > 0 &&
    !op[COMPANY_LEVEL] &&
    !STAFF_PERMISSIONS.includes(op['x-permission'] as Permission);

  it('declares Meridian-Mode on every operation in a mode, and not on those both modes share', async () => {
    const doc = await documentOf();
    expect(doc.components.parameters?.['Meridian-Mode']).toMatchObject({
      in: 'header',
      name: 'Meridian-Mode',
      required: false,
      schema: { type: 'string', enum: ['test', 'live'] },
    });
    expect(doc.info.description).toContain('Test and live');
    const problems: string[] = [];
    for (const { path, method, op } of operations(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      const text = op.description ?? '';
      if (inMode(op) !== declaresMode(op))
        problems.push(`${where}: ${inMode(op) ? 'in a mode without' : 'in no mode but with'} the header`);
      if (inMode(op) && !text.includes('`Meridian-Mode` header (absent = live)'))
        problems.push(`${where}: does not say where its mode comes from`);
      if (op[COMPANY_LEVEL] && op.security?.length && !text.includes('Shared by both modes'))
        problems.push(`${where}: company-level without saying so`);
      if (op[LIVE_GATE] && !(inMode(op) && text.includes('`live_mode_not_enabled`')))
        problems.push(`${where}: live gate not described`);
    }
    expect(problems).toEqual([]);
    const op = (method: string, path: string) => doc.paths[path]![method]!;
    expect(declaresMode(op('get', '/meridian/read/search/transaction/payouts'))).toBe(true);
    expect(declaresMode(op('post', '/v2/fabric/ckyc'))).toBe(true);
    expect(declaresMode(op('get', '/meridian/read/fetch/saved_views'))).toBe(true);
    for (const [method, path] of [
      ['get', '/meridian/read/fetch/team/members'],
      ['get', '/meridian/read/search/audit_log'],
      ['post', '/v2/request_ip_whitelist'],
    ] as const)
      expect([op(method, path)[COMPANY_LEVEL], declaresMode(op(method, path))]).toEqual([true, false]);
    expect(declaresMode(op('get', '/meridian/operations/companies'))).toBe(false);
    expect(op('post', '/core_banking/money_transfer/initiate')[LIVE_GATE]).toBe(true);
  });

  type Schema = {
    $ref?: string;
    type?: string | string[];
    properties?: Record<string, Schema>;
    items?: Schema;
    anyOf?: Schema[];
    oneOf?: Schema[];
  };
  type Candidate = { op: string; status: string; schema: Schema & { properties: Record<string, Schema> } };
  /** What names a record: its urn or id (`urn`, `id`, `payout_urn`, `key_id`, `event_id`…). */
  const ID_LIKE = /(^|_)(urn|id)$/;
  const keysOf = (c: Candidate) => Object.keys(c.schema.properties);
  /** Answers of operations in a mode that name a record yet are not one, each with its reason. */
  const NOT_RECORDS: Array<{ reason: string; is: (c: Candidate) => boolean }> = [
    {
      reason: 'A queued export: it names the report to fetch, whose record says livemode.',
      is: (c) => keysOf(c).every((k) => k === 'report_urn' || k === 'status'),
    },
    {
      reason: 'Held for approval: it names the approval request, whose record says livemode.',
      is: (c) => c.status === '202' && keysOf(c).includes('approval_urn'),
    },
    {
      reason: "The palette's hits: a title and a link to a record of the caller's mode, not the record.",
      is: (c) => c.op === 'GET /meridian/read/search/global',
    },
    {
      reason: "A trace: one identifier's story across the records of the caller's mode, not a record.",
      is: (c) => c.op === 'GET /meridian/read/fetch/trace/{id}',
    },
    {
      reason:
        "A settlement cycle's run: its window and the settlements it made, each a record with livemode.",
      is: (c) => c.op === 'POST /meridian/operations/settlement/cycles/{id}/invoke',
    },
    {
      reason: 'The outcome of each decision (ok, or its error), not the approval request itself.',
      is: (c) => c.op === 'POST /v2/approvals/decisions',
    },
  ];

  /** Every object schema a mode operation answers (2xx JSON) that names a record: at the top or as `data`. */
  function recordSchemas(doc: Doc): Candidate[] {
    const resolve = (s: Schema | undefined): Schema | undefined =>
      s?.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!] as Schema) : s;
    const branches = (s: Schema | undefined): Schema[] => {
      const r = resolve(s);
      return !r ? [] : r.anyOf || r.oneOf ? (r.anyOf ?? r.oneOf)!.flatMap(branches) : [r];
    };
    const out: Candidate[] = [];
    for (const { path, method, op } of operations(doc)) {
      if (!declaresMode(op)) continue;
      for (const [status, answer] of Object.entries(op.responses ?? {})) {
        const content = (answer as { content?: Record<string, { schema?: Schema }> }).content;
        if (!status.startsWith('2') || !content?.['application/json']) continue;
        for (const top of branches(content['application/json'].schema)) {
          const data = branches(top.properties?.['data']);
          const inside = data.flatMap((d) => (d.type === 'array' ? branches(d.items) : [d]));
          for (const schema of [top, ...inside])
            if (schema.properties && Object.keys(schema.properties).some((k) => ID_LIKE.test(k)))
              out.push({ op: `${method.toUpperCase()} ${path}`, status, schema } as Candidate);
        }
      }
    }
    return out;
  }

  it('declares livemode on every record a mode operation answers', async () => {
    const candidates = recordSchemas(await documentOf());
    const records = candidates.filter((c) => !NOT_RECORDS.some((n) => n.is(c)));
    expect(records.length).toBeGreaterThan(50);
    // Each exception still matches something: a stale one is removed, not kept.
    for (const n of NOT_RECORDS) expect(candidates.some(n.is), n.reason).toBe(true);
    const missing = records
      .filter((c) => c.schema.properties['livemode']?.type !== 'boolean')
      .map(
        (c) =>
          `${c.op} ${c.status}: ${keysOf(c)
            .filter((k) => ID_LIKE.test(k))
            .join(', ')}`,
      );
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe('operationIdFor', () => {
  it('names an operation verb + noun from its method and path', () => {
    const id = (m: string, p: string) => operationIdFor(m, p, 'meridian');
    expect(id('GET', '/meridian/read/search/transaction/payouts')).toBe('searchTransactionPayouts');
    expect(id('GET', '/meridian/read/count/transaction/payouts')).toBe('countTransactionPayouts');
    expect(id('GET', '/meridian/read/fetch/transaction/payouts/{urn}')).toBe('getTransactionPayoutByUrn');
    expect(id('POST', '/core_banking/money_transfer/initiate')).toBe('initiate');
    expect(id('POST', '/v2/mandates/{urn}/pause')).toBe('pauseMandate');
    expect(id('POST', '/v2/mandates')).toBe('createMandates');
    expect(id('PATCH', '/v2/banking/beneficiary/{beneficiary_code}')).toBe('updateBeneficiary');
  });
});
