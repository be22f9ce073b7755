import { ErrorResponse } from '@meridian/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { stepUpWithPassword, tokensFor, useServer } from './helpers.ts';
import { documentOf, undeclaredAnswers } from './openapi-answers.ts';
import {
  branches,
  dereferenced,
  harvest,
  operationsOf,
  plausibleValue,
  type Document,
  type Method,
  type Operation,
  type Schema,
} from './openapi-requests.ts';

/**
 * Walks EVERY operation of the OpenAPI document (/docs/json) with a battery of bad values per parameter and
 * body field, signed in as a demo user (and unauthenticated), and asserts that nothing answers 5xx; bad values
 * answer 4xx in the one JSON error shape; control characters answer 400 naming the field. New routes are fuzzed
 * as soon as they are in the document. Deterministic: no randomness, a bounded number of requests.
 *
 * Conventions this test holds every route to (adjust the battery, not the route, only for a good reason):
 * - every string a client sends has a length limit below 100 kB;
 * - numbers, dates, enums and types are checked by the schema (a wrong one is a 4xx, never a 5xx).
 */

const server = useServer({
  // The fuzzer sends hundreds of sign-in, code and reset requests: keep the limits out of the way so that
  // every request reaches the code behind them (the limits have their own tests).
  RATE_LIMIT_SIGNIN_PER_IP: '1000000',
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: '1000000',
  RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT: '1000000',
  RATE_LIMIT_VERIFY_PER_IP: '1000000',
  RATE_LIMIT_RESET_PER_IP: '1000000',
});
const USER = 'admin@acme.test';
const STAFF = 'ops@meridian.test';

// ---------------------------------------------------------------------------------------------------------
// Plausible values (openapi-requests.ts), so that one bad field at a time reaches as deep as it can

/**
 * Values seen in the successful answers of the signed-in user's plain requests (the demo's account numbers, the
 * beneficiary, payout and validation an operation created just before), by field name, the latest kept: a field or
 * parameter of that name starts from a real value and goes deeper than a 404. The document lists each domain's
 * create before its details and edit routes.
 */
const harvested = new Map<string, string>();
const plausible = (s: Schema, name: string) => plausibleValue(s, name, harvested);

// ---------------------------------------------------------------------------------------------------------
// The battery

/**
 * - `control`: a control character or broken Unicode: must be 400 naming the field;
 * - `bad`: must be a 4xx in the error shape;
 * - `odd`: legal or not, must not be a 5xx (a 4xx must be in the error shape).
 */
type Expect = 'control' | 'bad' | 'odd';
type Value = { label: string; expect: Expect };
/** A body value; `raw` is spliced into the JSON text as is (numbers JSON.stringify cannot write). */
type BodyValue = Value & ({ value: unknown } | { raw: string });
/** A path or query value, already percent-encoded. */
type UrlValue = Value & { encoded: string };

const HUGE = 'x'.repeat(100_000);
/** Search keys of the lists (the document leaves `search_key` a string): each with a legal but unkind value. */
const SEARCH_KEYS = [
  'meridian_urn',
  'bank_reference_number',
  'customer_reference_number',
  'beneficiary_code',
  'beneficiary_account_number',
  'meridian_transaction_id',
];

function typesOf(s: Schema): Set<string> {
  const types = new Set<string>();
  const add = (x: Schema) => {
    if (x.type) for (const t of [x.type].flat()) types.add(t === 'integer' ? 'number' : t);
    for (const v of x.enum ?? (x.const !== undefined ? [x.const] : []))
      types.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
    if (x.nullable) types.add('null');
    for (const y of [...(x.oneOf ?? []), ...(x.anyOf ?? []), ...(x.allOf ?? [])]) add(y);
  };
  add(s);
  return types;
}
/** A date field: by its format, or by its name. */
const isDate = (s: Schema, name: string) => s.format === 'date' || /(^|_)date$/.test(name);
const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Values of a body field: wrong type is bad, control characters must be named. */
function bodyValues(s: Schema, name: string): BodyValue[] {
  const types = typesOf(s);
  const typed = (label: string, value: unknown): BodyValue => ({
    label,
    value,
    expect: types.size > 0 && !types.has(jsonType(value)) ? 'bad' : 'odd',
  });
  const values: BodyValue[] = [
    { label: 'NUL', value: 'a\u0000b', expect: 'control' },
    { label: 'ESC', value: '\u001b[2J', expect: 'control' },
    { label: 'lone surrogate', value: 'x\ud800', expect: 'control' },
    { label: '100 kB', value: HUGE, expect: 'bad' },
    typed('number', 12345),
    typed('negative', -1),
    { label: '2^53 + 1', raw: '9007199254740993', expect: types.has('number') ? 'odd' : 'bad' },
    { label: '1e309', raw: '1e309', expect: types.has('number') ? 'odd' : 'bad' },
    { label: 'NaN', raw: 'NaN', expect: 'bad' },
    typed('true', true),
    typed('null', null),
    typed('array', ['x']),
    typed('object', { x: 'y' }),
  ];
  if (types.has('string'))
    values.push(
      { label: 'empty', value: '', expect: 'odd' },
      { label: 'unicode', value: '😀 नमस्ते مرحبا', expect: 'odd' },
      { label: 'SQL', value: "' OR 1=1 --", expect: 'odd' },
      { label: 'tab and newline', value: 'a\tb\nc', expect: 'odd' },
    );
  if (isDate(s, name))
    for (const d of ['2025-02-30', '2025-13-01', '0000-01-01', '9999-12-31'])
      values.push({ label: d, value: d, expect: 'bad' });
  if (s.enum?.length) values.push({ label: 'not in enum', value: 'NOT_A_VALUE', expect: 'bad' });
  return values;
}

/** Values of a path or query parameter (always text on the wire). */
function urlValues(s: Schema, name: string, where: 'path' | 'query'): UrlValue[] {
  const types = typesOf(s);
  const v = (label: string, encoded: string, expect: Expect): UrlValue => ({ label, encoded, expect });
  const values: UrlValue[] = [
    v('NUL', 'a%00b', 'control'),
    v('ESC', '%1B%5B2J', 'control'),
    v('LF', 'a%0Ab', 'control'),
    v('invalid UTF-8', '%ED%A0%80', where === 'path' ? 'bad' : 'odd'),
    v('bad escape', '%ZZ', where === 'path' ? 'bad' : 'odd'),
    v('100 kB', HUGE, 'bad'),
    v('empty', '', 'odd'),
    v('unicode', encodeURIComponent('😀 नमस्ते'), 'odd'),
    v('SQL', encodeURIComponent("' OR 1=1 --"), 'odd'),
    v('slash', '%2F..%2F', 'odd'),
  ];
  if (types.has('number')) {
    const numeric = (label: string, encoded: string, n: number) => {
      const bad =
        !Number.isFinite(n) ||
        (s.type === 'integer' && !Number.isInteger(n)) ||
        (s.minimum !== undefined && n < s.minimum) ||
        (s.maximum !== undefined && n > s.maximum);
      values.push(v(label, encoded, bad ? 'bad' : 'odd'));
    };
    numeric('NaN', 'NaN', NaN);
    numeric('Infinity', 'Infinity', Infinity);
    numeric('negative', '-1', -1);
    numeric('1e309', '1e309', Infinity);
    numeric('huge', '99999999999999999999', 1e20);
    numeric('fraction', '1.5', 1.5);
    values.push(v('word', 'abc', 'bad'));
  }
  if (isDate(s, name))
    for (const d of ['2025-02-30', '2025-13-01', '0000-01-01', '9999-12-31', '2025-2-3'])
      values.push(v(d, d, 'bad'));
  if (s.enum?.length) values.push(v('not in enum', 'NOT_A_VALUE', 'bad'));
  return values;
}

/** Whole bodies that are not what the operation takes. */
const WHOLE_BODIES: { label: string; contentType: string; payload: string | Buffer; expect: Expect }[] = [
  { label: 'invalid JSON', contentType: 'application/json', payload: '{"a":', expect: 'bad' },
  { label: 'empty JSON', contentType: 'application/json', payload: '', expect: 'bad' },
  { label: 'JSON null', contentType: 'application/json', payload: 'null', expect: 'odd' },
  { label: 'JSON array', contentType: 'application/json', payload: '[1,2]', expect: 'bad' },
  { label: 'JSON string', contentType: 'application/json', payload: '"x"', expect: 'bad' },
  { label: 'JSON NUL string', contentType: 'application/json', payload: '"\\u0000"', expect: 'bad' },
  {
    label: 'prototype pollution',
    contentType: 'application/json',
    payload: '{"__proto__":{"x":1}}',
    expect: 'bad',
  },
  {
    label: 'deep nesting',
    contentType: 'application/json',
    payload: '['.repeat(100_000) + ']'.repeat(100_000),
    expect: 'bad',
  },
  {
    label: 'over 1 MB',
    contentType: 'application/json',
    payload: `{"x":"${'y'.repeat(1_100_000)}"}`,
    expect: 'bad',
  },
  { label: 'text/plain', contentType: 'text/plain', payload: 'hello', expect: 'bad' },
  { label: 'form', contentType: 'application/x-www-form-urlencoded', payload: 'a=b&c=%00', expect: 'bad' },
  {
    label: 'multipart',
    contentType: 'multipart/form-data; boundary=xyz',
    payload: '--xyz\r\ngarbage',
    expect: 'bad',
  },
  {
    label: 'octet-stream',
    contentType: 'application/octet-stream',
    payload: Buffer.from([0, 1, 2, 255]),
    expect: 'bad',
  },
  { label: 'UTF-16 JSON', contentType: 'application/json; charset=utf-16', payload: '{}', expect: 'odd' },
  { label: 'bad content-type', contentType: 'application/json; ;;=', payload: '{}', expect: 'odd' },
];

// ---------------------------------------------------------------------------------------------------------
// Requests

type Case = {
  n: number;
  /** The operation's plausible request as the user: its answer feeds the harvest. */
  plain?: boolean;
  op: string;
  what: string;
  expect: Expect;
  /** The field a `control` value must be named by. */
  field?: string;
  method: Method;
  url: string;
  auth: 'user' | 'none' | { authorization?: string; client_id?: string };
  /** A Meridian staff operation (`x-permission: ops.*`): 'user' is then Meridian's ops member, not a client's. */
  staff: boolean;
  headers?: Record<string, string>;
  contentType?: string;
  payload?: string | Buffer;
};

const setAt = (obj: unknown, path: string[], value: unknown): unknown => {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = (Array.isArray(obj) ? [...obj] : { ...(obj as object) }) as Record<string, unknown>;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
};
const deleteAt = (obj: unknown, path: string[]): unknown => {
  if (path.length === 1) {
    const copy = { ...(obj as Record<string, unknown>) };
    delete copy[path[0]!];
    return copy;
  }
  const [head, ...rest] = path as [string, ...string[]];
  return { ...(obj as object), [head]: deleteAt((obj as Record<string, unknown>)[head], rest) };
};

/** The leaf fields of a body schema (objects walked, arrays through their first item). */
function leaves(s: Schema, path: string[] = []): { path: string[]; schema: Schema }[] {
  if (s.type === 'object' && s.properties)
    return Object.entries(s.properties).flatMap(([k, p]) => leaves(p, [...path, k]));
  if (s.type === 'array' && s.items) return leaves(s.items, [...path, '0']);
  return path.length > 0 ? [{ path, schema: s }] : [];
}

let n = 0;
function casesFor(pathTemplate: string, method: Method, op: Operation): Case[] {
  const name = `${method.toUpperCase()} ${pathTemplate}`;
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const header = () => {
    const h: Record<string, string> = {};
    for (const p of headerParams) h[p.name] = p.name === 'idempotency-key' ? `fuzz-${n++}` : 'fuzz';
    // Live mode, as without the header: its own cases below send odd values (400 invalid_mode).
    delete h['Meridian-Mode'];
    return h;
  };

  const basePath: Record<string, string> = Object.fromEntries(
    pathParams.map((p) => [p.name, encodeURIComponent(String(plausible(p.schema ?? {}, p.name)))]),
  );
  const baseQuery: Record<string, string> = Object.fromEntries(
    queryParams
      .filter((p) => p.required)
      .map((p) => [p.name, encodeURIComponent(String(plausible(p.schema ?? {}, p.name)))]),
  );
  const urlOf = (path: Record<string, string>, query: Record<string, string>) => {
    const p = pathTemplate.replace(/\{([^}]+)\}/g, (_, k: string) => path[k] ?? '');
    const q = Object.entries(query)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    return q ? `${p}?${q}` : p;
  };

  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const bodyVariants = bodySchema ? branches(bodySchema).map((b) => plausible(b, 'body')) : [undefined];
  const json = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body));

  const cases: Case[] = [];
  const staff = String((op as { 'x-permission'?: unknown })['x-permission'] ?? '').startsWith('ops.');
  const add = (c: Omit<Case, 'n' | 'op' | 'method' | 'staff'>) =>
    cases.push({ n: n++, op: name, method, staff, ...c });
  const base = {
    url: urlOf(basePath, baseQuery),
    contentType: bodySchema ? 'application/json' : undefined,
    payload: json(bodyVariants[0]),
  };

  // as the user, anonymous, with broken credentials
  for (const [i, body] of bodyVariants.entries())
    add({
      ...base,
      plain: true,
      what: `baseline #${i}`,
      expect: 'odd',
      auth: 'user',
      payload: json(body),
      headers: header(),
    });
  add({ ...base, what: 'anonymous', expect: 'odd', auth: 'none', headers: header() });
  add({
    ...base,
    what: 'garbage token',
    expect: 'odd',
    auth: { authorization: 'Bearer x.y.z' },
    headers: header(),
  });
  add({
    ...base,
    what: 'huge token',
    expect: 'odd',
    auth: { authorization: `Bearer ${HUGE}` },
    headers: header(),
  });
  add({
    ...base,
    what: 'basic auth',
    expect: 'odd',
    auth: { authorization: 'Basic Zm9vOmJhcg==' },
    headers: header(),
  });
  add({
    ...base,
    what: 'wrong client_id',
    expect: 'odd',
    auth: { client_id: 'CLI_NOT_MINE' },
    headers: header(),
  });

  // path and query parameters
  for (const p of [...pathParams, ...queryParams]) {
    const where = p.in === 'path' ? 'path' : 'query';
    for (const v of urlValues(p.schema ?? {}, p.name, where)) {
      const url =
        where === 'path'
          ? urlOf({ ...basePath, [p.name]: v.encoded }, baseQuery)
          : urlOf(basePath, { ...baseQuery, [p.name]: v.encoded });
      add({
        ...base,
        url,
        what: `${where} ${p.name} = ${v.label}`,
        expect: v.expect,
        field: p.name,
        auth: 'user',
        headers: header(),
      });
    }
  }
  // list filters: edge ranges and every known search key with a value that is legal but unkind
  const names = new Set(queryParams.map((p) => p.name));
  if (names.has('start_date') && names.has('end_date'))
    for (const [start, end] of [
      ['1900-01-01', '1900-12-31'],
      ['2999-01-01', '2999-12-31'],
      ['2025-03-01', '2025-02-01'],
      ['2024-01-01', '2025-12-31'],
      ['9999-12-01', '9999-12-31'],
      ['0001-01-01', '0001-01-31'],
    ])
      add({
        ...base,
        url: urlOf(basePath, { ...baseQuery, start_date: start!, end_date: end! }),
        what: `range ${start}..${end}`,
        expect: 'odd',
        auth: 'user',
      });
  if (names.has('search_key') && names.has('search_value')) {
    const keys = SEARCH_KEYS;
    const nasty = ['%25', "'", '_', '%5C', encodeURIComponent('😀'), 'x'.repeat(100), 'PAY', '0'];
    keys.forEach((key, i) =>
      add({
        ...base,
        url: urlOf(basePath, { ...baseQuery, search_key: key, search_value: nasty[i % nasty.length]! }),
        what: `search ${key}`,
        expect: 'odd',
        auth: 'user',
      }),
    );
  }
  // headers the document names
  for (const p of headerParams)
    for (const [label, value] of [
      ['empty', ''],
      ['long', 'k'.repeat(300)],
      ['unicode', 'ключ'],
    ] as const)
      add({
        ...base,
        what: `header ${p.name} = ${label}`,
        expect: 'odd',
        auth: 'user',
        headers: { [p.name]: value },
      });

  // body fields, one at a time, in every branch of a union
  if (bodySchema)
    for (const [i, variant] of branches(bodySchema).entries()) {
      const baseline = bodyVariants[i];
      for (const leaf of leaves(variant)) {
        const field = leaf.path.join('.');
        for (const v of bodyValues(leaf.schema, leaf.path.at(-1)!)) {
          const payload =
            'raw' in v
              ? JSON.stringify(setAt(baseline, leaf.path, '__RAW__')).replace('"__RAW__"', v.raw)
              : JSON.stringify(setAt(baseline, leaf.path, v.value));
          add({
            ...base,
            payload,
            what: `body #${i} ${field} = ${v.label}`,
            expect: v.expect,
            field,
            auth: 'user',
            headers: header(),
          });
        }
        add({
          ...base,
          payload: JSON.stringify(deleteAt(baseline, leaf.path)),
          what: `body #${i} without ${field}`,
          expect: 'odd',
          auth: 'user',
          headers: header(),
        });
      }
      // a field the schema does not know still may not carry a NUL
      add({
        ...base,
        payload: JSON.stringify({ ...(baseline as object), fuzz_extra: 'a\u0000' }),
        what: `body #${i} unknown field with NUL`,
        expect: 'control',
        field: 'fuzz_extra',
        auth: 'user',
        headers: header(),
      });
    }
  if (op.requestBody)
    for (const b of WHOLE_BODIES)
      add({
        ...base,
        what: `body ${b.label}`,
        expect: b.expect,
        contentType: b.contentType,
        payload: b.payload,
        auth: 'user',
        headers: header(),
      });
  return cases;
}

// ---------------------------------------------------------------------------------------------------------

describe('fuzzing every operation of the OpenAPI document', () => {
  let doc: Document;
  let clientSession: { access_token: string; client_id: string };
  /** Meridian's ops member, for the staff operations (a client's member is refused them before any input check). */
  let staffSession: { access_token: string; client_id: string };
  /** The session's step-up token: a money movement's input is checked only once the member has confirmed. */
  let stepUp = '';
  const signInAgain = async () => {
    clientSession = await tokensFor(server.current, USER);
    staffSession = await tokensFor(server.current, STAFF);
    stepUp = await stepUpWithPassword(server.current, clientSession);
  };
  beforeAll(async () => {
    const res = await server.current.app.inject({ method: 'GET', url: '/docs/json' });
    doc = dereferenced(res.json() as Document);
    await signInAgain();
  });

  async function send(c: Case) {
    const session = c.staff ? staffSession : clientSession;
    const headers: Record<string, string> = { accept: 'application/json', ...c.headers };
    if (c.contentType) headers['content-type'] = c.contentType;
    if (c.auth === 'user') {
      headers.authorization = `Bearer ${session.access_token}`;
      headers.client_id = session.client_id;
      // The document's step-up header, filled with a real token (its own fuzz cases send odd values instead).
      if (headers['X-Step-Up-Token'] === 'fuzz') headers['X-Step-Up-Token'] = stepUp;
    } else if (c.auth !== 'none') {
      headers.authorization = c.auth.authorization ?? `Bearer ${session.access_token}`;
      headers.client_id = c.auth.client_id ?? session.client_id;
    }
    return server.current.app.inject({
      method: c.method.toUpperCase() as 'GET',
      url: c.url,
      headers,
      // one address per request: a per-IP rate limit must not hide the code behind it
      remoteAddress: `10.${(c.n >> 16) & 255}.${(c.n >> 8) & 255}.${c.n & 255}`,
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
  }

  let signIns = 0;
  /** Sends a case; answers what is wrong with the answer (empty when nothing is). */
  async function check(c: Case): Promise<string[]> {
    let res = await send(c);
    // an operation that ends the session (sign-out) must not blind the rest of the run
    if (
      c.auth === 'user' &&
      res.statusCode === 401 &&
      res.json<{ error?: string }>().error === 'session_revoked'
    ) {
      await signInAgain();
      signIns++;
      res = await send(c);
    }
    // the plausible body turns the company's two-factor requirement on, which would refuse the user everything
    // else (403 before any input check): turned off again at once
    if (c.url.startsWith('/v2/company/mfa-requirement') && res.statusCode === 200)
      await send({ ...c, method: 'put', payload: JSON.stringify({ required: false }), headers: {} });
    const status = res.statusCode;
    const json = res.headers['content-type']?.toString().startsWith('application/json');
    const body: unknown = json ? res.json() : null;
    if (status < 300 && c.plain) harvest(body, harvested);
    const shaped = ErrorResponse.safeParse(body);
    const problems: string[] = [];
    if (status >= 500) problems.push('5xx');
    if (status >= 400) {
      if (!shaped.success) problems.push('not the error shape');
      else if (shaped.data.request_id !== res.headers['x-request-id']) problems.push('request_id mismatch');
      else if (shaped.data.status !== status) problems.push('status mismatch');
    }
    if (c.expect !== 'odd' && (status < 400 || status >= 500)) problems.push('expected a 4xx');
    if (c.expect === 'control') {
      if (status !== 400) problems.push('expected 400');
      else if (shaped.success && !Object.keys(shaped.data.fields ?? {}).includes(c.field!))
        problems.push(`field ${c.field} not named`);
    }
    return problems.length === 0
      ? []
      : [`${c.op} [${c.what}] → ${status} ${res.body.slice(0, 160)} (${problems.join(', ')})`];
  }

  it('answers no 5xx; bad values are 4xx in the error shape; control characters are 400 naming the field', async () => {
    const started = performance.now();
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(30);

    const failures: string[] = [];
    // first the plain reads, to learn real values (account numbers) for the rest
    for (const { path, method, op } of operations)
      if (method === 'get' && !path.includes('{'))
        failures.push(...(await check(casesFor(path, method, op).find((c) => c.plain)!)));
    // then operation by operation, each generated from the values the ones before it created
    let requests = 0;
    for (const { path, method, op } of operations)
      for (const c of casesFor(path, method, op)) {
        failures.push(...(await check(c)));
        requests++;
      }

    const seconds = (performance.now() - started) / 1000;
    console.info(
      `fuzzed ${operations.length} operations with ${requests} requests (${signIns} re-sign-ins) in ${seconds.toFixed(1)} s`,
    );
    expect(failures).toEqual([]);
    // ~5–10 s on PGlite; the margin is for a loaded CI machine
  }, 120_000);

  it('applies the text rule to routes whose schema accepts anything, and to unknown query parameters', async () => {
    const receiver = await server.current.app.inject({
      method: 'POST',
      url: '/meridian/sandbox/webhook-receiver/x',
      payload: { event: { data: ['ok', 'bad\u0000'] } },
    });
    expect(receiver.statusCode).toBe(400);
    expect(receiver.json()).toMatchObject({
      error: 'validation_failed',
      fields: { 'event.data.1': 'must not contain control characters' },
    });
    const unknownQuery = await server.current.app.inject({ method: 'GET', url: '/health?x=%00' });
    expect(unknownQuery.statusCode).toBe(400);
    expect(unknownQuery.json()).toMatchObject({ fields: { x: 'must not contain control characters' } });
  });

  it('answered only statuses and content types the document declares, to all of the above', async () => {
    expect(server.current.answers.length).toBeGreaterThan(1000);
    expect(undeclaredAnswers(await documentOf(server.current), server.current.answers)).toEqual([]);
  });

  it('keeps tabs and line breaks in free text', async () => {
    const res = await server.current.app.inject({
      method: 'POST',
      url: '/v2/auth/access_request',
      payload: {
        company_name: 'Rao Traders',
        name: 'Asha Rao',
        email: 'asha@rao.test',
        phone: '+919800000042',
        message: 'We pay 40 vendors a week.\n\tMostly IMPS.\r\nThanks',
      },
    });
    expect(res.statusCode).toBe(200);
  });
});
