import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { operationsOf, resolveRefs, type ApiOperation } from './openapi';
import { amountOf, buildRequest, credentialHeaders, shellQuote, toCurl } from './request';

const doc = {
  paths: {
    '/v2/things/{urn}': {
      post: {
        operationId: 'createThing',
        summary: 'Create',
        tags: ['things'],
        'x-meridian-moves-money': true,
        parameters: [
          { in: 'path', name: 'urn', schema: { type: 'string' } },
          { $ref: '#/components/parameters/limit' },
          { in: 'header', name: 'idempotency-key', required: true, schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
        },
      },
      get: { operationId: 'getThing', summary: 'Get', security: [{ apiKeyAuth: [] }, { bearerAuth: [] }] },
    },
    '/v2/auth/public-key': { get: { operationId: 'getKey', summary: 'Key', security: [] } },
  },
  components: {
    parameters: { limit: { in: 'query', name: 'limit', schema: { type: 'integer' } } },
    schemas: {
      Money: { type: 'string', pattern: '^\\d+\\.\\d{2}$' },
      Thing: {
        type: 'object',
        properties: {
          amount: { $ref: '#/components/schemas/Money' },
          self: { $ref: '#/components/schemas/Thing' },
        },
      },
    },
  },
};

describe('operationsOf', () => {
  it('reads operations with resolved parameters, body, security and the money marker', () => {
    const ops = operationsOf(doc);
    expect(ops.map((o) => [o.id, o.method, o.auth, o.movesMoney])).toEqual([
      ['getThing', 'GET', ['apiKey', 'session'], false],
      ['createThing', 'POST', ['session'], true],
      ['getKey', 'GET', ['none'], false],
    ]);
    const create = ops.find((o) => o.id === 'createThing')!;
    expect(create.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ['path', 'urn', true],
      ['query', 'limit', false],
      ['header', 'idempotency-key', true],
    ]);
    expect(create.body?.schema.properties?.['amount']).toEqual({
      type: 'string',
      pattern: '^\\d+\\.\\d{2}$',
    });
    // A schema that refers to itself is cut (a JSON field) instead of looping.
    expect(create.body?.schema.properties?.['self']).toEqual({});
    expect(resolveRefs(doc, { $ref: '#/components/schemas/Nope' })).toEqual({});
  });
});

describe('buildRequest and toCurl', () => {
  const op = operationsOf(doc).find((o) => o.id === 'createThing') as ApiOperation;
  const request = buildRequest(
    op,
    { path: { urn: 'a/b c' }, query: { limit: 5 }, header: { 'idempotency-key': 'k-1' } },
    { amount: '10.00', note: 'it\'s $HOME "quoted"\nnext' },
  );

  it('substitutes and encodes path parameters, adds the query, headers and the JSON body', () => {
    expect(request).toEqual({
      method: 'POST',
      path: '/v2/things/a%2Fb%20c?limit=5',
      headers: [
        ['Accept', 'application/json'],
        ['idempotency-key', 'k-1'],
        ['Content-Type', 'application/json'],
      ],
      body: JSON.stringify({ amount: '10.00', note: 'it\'s $HOME "quoted"\nnext' }),
    });
  });

  it('quotes for the shell so that the command works as-is, single quotes in bodies included', () => {
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    const curl = toCurl(request, 'https://dash.example', {
      mode: 'session',
      token: 'tok.en',
      clientId: 'CL1',
    });
    expect(curl.split(' \\\n  ')).toEqual([
      "curl -X POST 'https://dash.example/v2/things/a%2Fb%20c?limit=5'",
      "-H 'Authorization: Bearer tok.en'",
      "-H 'client_id: CL1'",
      "-H 'Accept: application/json'",
      "-H 'idempotency-key: k-1'",
      "-H 'Content-Type: application/json'",
      `--data-raw '{"amount":"10.00","note":"it'\\''s $HOME \\"quoted\\"\\nnext"}'`,
    ]);
    // The real shell reads back exactly the body and headers that were meant (printf stands in for curl).
    const words = execFileSync(
      '/bin/sh',
      ['-c', `printf '%s\\n' ${curl.split(' \\\n  ').slice(1).join(' ')}`],
      {
        encoding: 'utf8',
      },
    );
    expect(words).toContain(`${request.body}\n`);
    expect(words).toContain('Authorization: Bearer tok.en\n');
  });

  it('sends an API key as HTTP Basic, and GETs without -X', () => {
    expect(credentialHeaders({ mode: 'apiKey', keyId: 'key_1', keySecret: 's3cr€t' })).toEqual([
      ['Authorization', `Basic ${Buffer.from('key_1:s3cr€t').toString('base64')}`],
    ]);
    const get = buildRequest(operationsOf(doc)[2]!, { path: {}, query: {}, header: {} });
    expect(toCurl(get, 'http://localhost:3000', { mode: 'none' })).toBe(
      "curl 'http://localhost:3000/v2/auth/public-key' \\\n  -H 'Accept: application/json'",
    );
  });

  it('copies a test-mode session’s call with Meridian-Mode: test (live needs none; a header the form sets wins)', () => {
    const session = { mode: 'session', token: 't', clientId: 'CL1' } as const;
    expect(credentialHeaders({ ...session, dataMode: 'test' })).toContainEqual(['Meridian-Mode', 'test']);
    expect(credentialHeaders({ ...session, dataMode: 'live' }).map(([name]) => name)).toEqual([
      'Authorization',
      'client_id',
    ]);
    const get = buildRequest(operationsOf(doc)[2]!, { path: {}, query: {}, header: {} });
    const named = { ...get, headers: [...get.headers, ['Meridian-Mode', 'live'] as [string, string]] };
    const curl = toCurl(named, 'http://localhost:3000', { ...session, dataMode: 'test' });
    expect(curl).toContain("-H 'Meridian-Mode: live'");
    expect(curl).not.toContain('Meridian-Mode: test');
  });

  it('finds the amount a money-moving body carries', () => {
    expect(amountOf({ beneficiary_code: 'B', amount: '1250.00' })).toBe('1250.00');
    expect(amountOf({ presentation: { debit_amount: 99 } })).toBe('99');
    expect(amountOf({ rows: [] })).toBeUndefined();
  });
});
