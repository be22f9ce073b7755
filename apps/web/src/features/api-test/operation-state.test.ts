import { describe, expect, it } from 'vitest';
import type { ApiOperation } from './openapi';
import {
  RAW_JSON_INVALID,
  collectRequest,
  initialOperationState,
  operationForm,
  operationReducer,
  type OperationAction,
  type OperationState,
} from './operation-state';
import type { CallResult } from './response-view';

const PAY: ApiOperation = {
  id: 'createPayment',
  method: 'POST',
  path: '/v2/accounts/{account}/pay',
  summary: 'Pay someone',
  description: '',
  tags: ['payouts'],
  parameters: [
    { in: 'path', name: 'account', required: true, schema: { type: 'string' } },
    { in: 'query', name: 'dry_run', required: false, schema: { type: 'boolean' } },
    { in: 'header', name: 'Idempotency-Key', required: true, schema: { type: 'string' } },
  ],
  body: {
    contentType: 'application/json',
    required: true,
    schema: {
      type: 'object',
      required: ['amount', 'mode'],
      properties: {
        amount: { type: 'string', pattern: '^\\d+\\.\\d{2}$' },
        mode: { type: 'string', enum: ['IMPS', 'UPI'] },
      },
    },
  },
  auth: ['apiKey', 'session'],
  movesMoney: true,
};

const keys = () => {
  let n = 0;
  return () => `key-${++n}`;
};
const start = (op: ApiOperation = PAY) => initialOperationState(operationForm(op), keys());
const run = (state: OperationState, ...actions: OperationAction[]) => actions.reduce(operationReducer, state);
const messages = (state: OperationState) => collectRequest(state).errors.map((e) => e.message);

const RESULT: CallResult = { status: 200, statusText: 'OK', ms: 5, headers: [], contentType: '', text: '' };

describe('initialOperationState', () => {
  it('fills the idempotency key, leaves the other fields empty and prefers the session', () => {
    const state = start();
    expect(state.params).toEqual({
      'path:account': '',
      'query:dry_run': '',
      'header:Idempotency-Key': 'key-1',
    });
    expect(state.auth).toBe('session');
    expect([state.tab, state.errors, state.result, state.failure, state.sending, state.confirming]).toEqual([
      'form',
      [],
      null,
      null,
      false,
      null,
    ]);
  });

  it('takes the first allowed mode when the session is not allowed', () => {
    expect(start({ ...PAY, auth: ['apiKey'] }).auth).toBe('apiKey');
    expect(start({ ...PAY, auth: ['none'] }).auth).toBe('none');
  });

  it('has no body field for a body that is not JSON', () => {
    const upload = { ...PAY, body: { contentType: 'multipart/form-data', required: true, schema: {} } };
    expect(start(upload).form.body).toBeUndefined();
  });
});

describe('operationReducer', () => {
  it('replaces the idempotency key, and ignores the request for one when the operation has none', () => {
    expect(run(start(), { type: 'newIdempotencyKey', key: 'fresh' }).params['header:Idempotency-Key']).toBe(
      'fresh',
    );
    const plain = start({ ...PAY, parameters: [] });
    expect(run(plain, { type: 'newIdempotencyKey', key: 'fresh' })).toBe(plain);
  });

  it('opens the raw JSON on the form body and keeps the form in step with valid JSON only', () => {
    const filled = run(start(), { type: 'setBody', draft: { amount: '12.50', mode: 'UPI' } });
    const raw = run(filled, { type: 'switchTab', tab: 'json' });
    expect(raw.tab).toBe('json');
    expect(JSON.parse(raw.raw)).toEqual({ amount: '12.50', mode: 'UPI' });

    const broken = run(raw, { type: 'editRaw', text: '{"amount": "9' });
    expect(broken.rawError).toBe(RAW_JSON_INVALID);
    expect(broken.raw).toBe('{"amount": "9');
    expect(broken.body).toEqual(filled.body);

    const fixed = run(broken, { type: 'editRaw', text: '{"amount": "9.00", "mode": "IMPS"}' });
    expect(fixed.rawError).toBeNull();
    const back = run(fixed, { type: 'switchTab', tab: 'form' });
    expect(back.tab).toBe('form');
    expect(back.body).toMatchObject({ amount: '9.00', mode: 'IMPS' });
  });

  it('follows a call: started (failure cleared, last answer kept), answered, or failed (answer cleared)', () => {
    const answered = run(start(), { type: 'sendStarted' }, { type: 'sendSucceeded', result: RESULT });
    expect([answered.sending, answered.result]).toEqual([false, RESULT]);
    const failed = run(answered, { type: 'sendStarted' });
    expect([failed.sending, failed.result]).toEqual([true, RESULT]);
    const noAnswer = run(failed, { type: 'sendFailed', failure: 'TypeError: Failed to fetch' });
    expect([noAnswer.sending, noAnswer.result, noAnswer.failure]).toEqual([
      false,
      null,
      'TypeError: Failed to fetch',
    ]);
    expect(run(noAnswer, { type: 'sendStarted' }).failure).toBeNull();
  });

  it('holds a request for confirmation until it is cancelled', () => {
    const request = { method: 'POST', path: '/v2/pay', headers: [] };
    const asking = run(start(), { type: 'confirm', request });
    expect(asking.confirming).toBe(request);
    expect(run(asking, { type: 'cancelConfirm' }).confirming).toBeNull();
  });
});

describe('collectRequest', () => {
  it('names every missing field, and both parts of an API key when that is the credential', () => {
    const state = run(start(), { type: 'setAuth', auth: 'apiKey' }, { type: 'setKeyId', keyId: '  ' });
    const found = messages(state);
    expect(found).toContain('Enter the key ID and the secret');
    expect(found.some((m) => m.startsWith('account'))).toBe(true);
    expect(found.some((m) => m.startsWith('amount'))).toBe(true);
    expect(collectRequest(state).request).toBeUndefined();
  });

  it('builds the request from the form: path, query, headers, JSON body', () => {
    const state = run(
      start(),
      { type: 'setParam', key: 'path:account', draft: 'ACC 1' },
      { type: 'setParam', key: 'query:dry_run', draft: 'true' },
      { type: 'setBody', draft: { amount: '12.50', mode: 'UPI' } },
    );
    const { request, errors } = collectRequest(state);
    expect(errors).toEqual([]);
    expect(request).toEqual({
      method: 'POST',
      path: '/v2/accounts/ACC%201/pay?dry_run=true',
      headers: [
        ['Accept', 'application/json'],
        ['Idempotency-Key', 'key-1'],
        ['Content-Type', 'application/json'],
      ],
      body: '{"amount":"12.50","mode":"UPI"}',
    });
  });

  it('takes the body from the raw JSON while that tab is open, as typed', () => {
    const base = run(
      start(),
      { type: 'setParam', key: 'path:account', draft: 'A1' },
      { type: 'switchTab', tab: 'json' },
    );
    expect(messages(run(base, { type: 'editRaw', text: '' }))).toEqual(['The body is required']);
    expect(messages(run(base, { type: 'editRaw', text: '{oops' }))).toEqual([
      'The body is not valid JSON',
      'The body is required',
    ]);
    // The raw text is sent as written: the schema is the server's to enforce.
    const request = collectRequest(run(base, { type: 'editRaw', text: '{"amount": 5}' })).request;
    expect(request?.body).toBe('{"amount":5}');
  });
});
