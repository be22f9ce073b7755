import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { mapServerError, serverErrorMessage } from '@/components/form/server-errors';

const FIELDS = ['amount', 'customer_reference_number', 'sender_account_number'] as const;

function answer(status: number, message: string, error: string, fields?: Record<string, string>) {
  return new ApiError(status, message, {
    status,
    message,
    error,
    request_id: 'r',
    ...(fields ? { fields } : {}),
  });
}

describe('mapServerError', () => {
  it('puts field errors on their controls, by full path or last segment, and lists the rest', () => {
    const view = mapServerError(
      answer(400, 'Invalid amount: too many decimals', 'validation_failed', {
        amount: 'too many decimals',
        'body.customer_reference_number': 'already used',
        purpose_message: 'too long',
      }),
      FIELDS,
    );
    expect(view).toEqual({
      message: 'Invalid amount: too many decimals',
      fields: { amount: 'too many decimals', customer_reference_number: 'already used' },
      unmatched: ['purpose_message: too long'],
    });
  });

  it('places a field-less error by its machine key, and fields through aliases', () => {
    const view = mapServerError(
      answer(422, 'Insufficient balance in account 100000000001', 'insufficient_balance'),
      FIELDS,
      { byErrorKey: { insufficient_balance: 'amount' } },
    );
    expect(view.fields).toEqual({ amount: 'Insufficient balance in account 100000000001' });
    const aliased = mapServerError(
      answer(422, 'Provider mismatch', 'provider_mismatch', { provider: 'does not match the account' }),
      FIELDS,
      { aliases: { provider: 'sender_account_number' } },
    );
    expect(aliased.fields).toEqual({ sender_account_number: 'does not match the account' });
    expect(aliased.unmatched).toEqual([]);
  });

  it('explains failures that never reached the server', () => {
    expect(serverErrorMessage(new ApiError('FETCH_ERROR', 'Failed to fetch'))).toBe(
      'The server could not be reached (Failed to fetch).',
    );
    expect(serverErrorMessage(new ApiError('TIMEOUT_ERROR', 'x'))).toBe('The server did not answer in time.');
    expect(mapServerError(new ApiError('FETCH_ERROR', 'Failed to fetch'), FIELDS).fields).toEqual({});
  });
});
