import { describe, expect, it } from 'vitest';
import { amountLimitError, amountToPaise, railLimitText } from './money';
import { payoutFormSchema } from './payout/payout-schema';

describe('amountToPaise', () => {
  it('reads rupee strings with up to two decimals as integer paise', () => {
    expect(amountToPaise('1250')).toBe(125000n);
    expect(amountToPaise('1250.5')).toBe(125050n);
    expect(amountToPaise(' 0.01 ')).toBe(1n);
    expect(amountToPaise('9999999999999.99')).toBe(999999999999999n);
  });

  it.each(['', 'abc', '1.234', '-5', '01', '1,000', '1e3'])('rejects %j', (v) => {
    expect(amountToPaise(v)).toBeNull();
  });
});

describe('amountLimitError (RAIL_LIMITS)', () => {
  it('accepts the exact bounds of each rail', () => {
    expect(amountLimitError('1.00', 'IMPS')).toBeNull();
    expect(amountLimitError('500000.00', 'IMPS')).toBeNull();
    expect(amountLimitError('100000', 'UPI')).toBeNull();
    expect(amountLimitError('200000', 'RTGS')).toBeNull();
    expect(amountLimitError('9999999999999.99', 'NEFT')).toBeNull();
  });

  it('names the maximum one paisa above it', () => {
    expect(amountLimitError('500000.01', 'IMPS')).toBe('The maximum for IMPS is ₹5,00,000.00');
    expect(amountLimitError('100000.01', 'UPI')).toBe('The maximum for UPI is ₹1,00,000.00');
  });

  it('names the minimum one paisa below it', () => {
    expect(amountLimitError('199999.99', 'RTGS')).toBe('The minimum for RTGS is ₹2,00,000.00');
    expect(amountLimitError('0.99', 'NEFT')).toBe('The minimum for NEFT is ₹1.00');
    expect(amountLimitError('0', 'IMPS')).toBe('The minimum for IMPS is ₹1.00');
  });

  it('leaves malformed amounts to the amount pattern', () => {
    expect(amountLimitError('12.345', 'IMPS')).toBeNull();
  });

  it('describes the range of a rail', () => {
    expect(railLimitText('IMPS')).toBe('IMPS: ₹1.00 to ₹5,00,000.00 per payout');
    expect(railLimitText('NEFT')).toBe('NEFT: from ₹1.00, no upper limit');
  });
});

describe('payout form schema', () => {
  const valid = {
    sender_account_number: '100000000001',
    beneficiary_code: 'BEN001',
    amount: '2500.50',
    transfer_type: 'IMPS',
    purpose_message: 'Invoice 1042',
    customer_reference_number: 'REF20250903-ABCD1234',
  };
  const issues = (values: Record<string, string>) =>
    payoutFormSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('passes a valid payout through as the InitiatePayout body', () => {
    expect(payoutFormSchema.parse({ ...valid, amount: ' 2500.50 ' })).toEqual(valid);
  });

  it('checks the amount against the chosen transfer type', () => {
    expect(issues({ ...valid, amount: '600000' })).toEqual([
      ['amount', 'The maximum for IMPS is ₹5,00,000.00'],
    ]);
    expect(issues({ ...valid, amount: '600000', transfer_type: 'NEFT' })).toEqual([]);
    expect(issues({ ...valid, amount: '150000', transfer_type: 'RTGS' })).toEqual([
      ['amount', 'The minimum for RTGS is ₹2,00,000.00'],
    ]);
  });

  it('asks for every missing choice and a well-formed amount', () => {
    expect(issues({ ...valid, amount: '', transfer_type: '', beneficiary_code: '' })).toEqual([
      ['beneficiary_code', 'Choose a beneficiary'],
      ['amount', 'Enter the amount'],
      ['transfer_type', 'Choose a transfer type'],
    ]);
    expect(issues({ ...valid, amount: '12.345' })).toEqual([
      ['amount', 'Enter an amount in rupees with at most two decimals, e.g. 1250.00'],
    ]);
  });
});
