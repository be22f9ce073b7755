import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { IdempotentSubmission, isOutcomeUnknown, newIdempotencyKey } from './idempotency';

const body = { amount: '10.00', beneficiary_code: 'BEN001' };

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('IdempotentSubmission', () => {
  it('reuses the key when the same submission is retried after a network error', () => {
    const s = new IdempotentSubmission(counter());
    const first = s.keyFor(body);
    s.settle(new ApiError('FETCH_ERROR', 'Failed to fetch'));
    expect(s.keyFor({ ...body })).toBe(first);
    s.settle(new ApiError('TIMEOUT_ERROR', 'timed out'));
    // Key order does not make another submission.
    expect(s.keyFor({ beneficiary_code: 'BEN001', amount: '10.00' })).toBe(first);
  });

  it('reuses the key after a 5xx or a 409 (first attempt still in flight)', () => {
    const s = new IdempotentSubmission(counter());
    const first = s.keyFor(body);
    s.settle(new ApiError(503, 'Service unavailable'));
    expect(s.keyFor(body)).toBe(first);
    s.settle(new ApiError(409, 'A request with this key is in progress'));
    expect(s.keyFor(body)).toBe(first);
  });

  it('makes a new key after a success or a definite refusal', () => {
    const s = new IdempotentSubmission(counter());
    expect(s.keyFor(body)).toBe('key-1');
    s.settle();
    expect(s.keyFor(body)).toBe('key-2');
    s.settle(new ApiError(422, 'Insufficient balance'));
    expect(s.keyFor(body)).toBe('key-3');
  });

  it('makes a new key when the payload changed', () => {
    const s = new IdempotentSubmission(counter());
    expect(s.keyFor(body)).toBe('key-1');
    s.settle(new ApiError('FETCH_ERROR', 'Failed to fetch'));
    expect(s.keyFor({ ...body, amount: '11.00' })).toBe('key-2');
  });

  it('forgets the submission on reset', () => {
    const s = new IdempotentSubmission(counter());
    s.keyFor(body);
    s.reset();
    expect(s.keyFor(body)).toBe('key-2');
  });
});

describe('isOutcomeUnknown', () => {
  it.each([
    [new ApiError('FETCH_ERROR', 'x'), true],
    [new ApiError('PARSING_ERROR', 'x'), true],
    [new ApiError(500, 'x'), true],
    [new ApiError(429, 'x'), true],
    [new Error('x'), true],
    [new ApiError(400, 'x'), false],
    [new ApiError(422, 'x'), false],
    [new ApiError(404, 'x'), false],
  ])('%s → %s', (error, unknown) => {
    expect(isOutcomeUnknown(error)).toBe(unknown);
  });
});

it('newIdempotencyKey makes distinct v4 UUIDs', () => {
  const a = newIdempotencyKey();
  expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(newIdempotencyKey()).not.toBe(a);
});
