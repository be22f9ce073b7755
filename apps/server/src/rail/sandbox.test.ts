import { describe, expect, it } from 'vitest';
import { bankReference, nameMatchScore, planPayout, planValidation, registeredHolder } from './sandbox.ts';

const acct = (accountNumber: string) => ({ accountNumber, upiId: null });

describe('sandbox rail', () => {
  it('decides outcomes from the documented test accounts', () => {
    expect(planPayout('IMPS', acct('50100000000001'))).toMatchObject({
      outcome: 'FAILURE',
      reason: 'Account closed',
    });
    expect(planPayout('NEFT', acct('50100000000002'))).toMatchObject({ outcome: 'FAILURE' });
    expect(planPayout('IMPS', acct('50100000000003'))).toMatchObject({
      outcome: 'SUCCESS',
      settleAfterMs: 300000,
    });
    expect(planPayout('IMPS', acct('50100000000004'))).toMatchObject({ outcome: 'RETURNED' });
    expect(planPayout('UPI', { accountNumber: null, upiId: 'closed@okbank' })).toMatchObject({
      outcome: 'FAILURE',
    });
    const ok = planPayout('IMPS', acct('50100012345678'));
    expect(ok.outcome).toBe('SUCCESS');
    expect(ok.settleAfterMs).toBe(planPayout('IMPS', acct('50100012345678')).settleAfterMs);
    expect(planValidation('50100000000001', 'HDFC0000001')).toEqual({
      outcome: 'FAILURE',
      reason: 'Account closed',
    });
  });
  it('answers the same holder and UTR every time', () => {
    expect(registeredHolder('50100012345678', 'HDFC0000001')).toBe(
      registeredHolder('50100012345678', 'HDFC0000001'),
    );
    const at = new Date('2026-11-20T10:00:00Z');
    expect(bankReference('IMPS', 'PAY1', at)).toMatch(/^\d{12}$/);
    expect(bankReference('NEFT', 'PAY1', at)).toMatch(/^MRDNN\d{11}$/);
    expect(bankReference('RTGS', 'PAY1', at)).toMatch(/^MRDNR20261120\d{9}$/);
    expect(bankReference('IMPS', 'PAY1', at)).toBe(bankReference('IMPS', 'PAY1', at));
    expect(bankReference('IMPS', 'PAY2', at)).not.toBe(bankReference('IMPS', 'PAY1', at));
  });
  it('scores name matches', () => {
    expect(nameMatchScore('Rahul Sharma', 'RAHUL SHARMA')).toBe(100);
    expect(nameMatchScore('Mr. Sharma Rahul', 'RAHUL SHARMA')).toBe(100);
    expect(nameMatchScore('R K Sharma', 'RAHUL KUMAR SHARMA')).toBeGreaterThanOrEqual(85);
    expect(nameMatchScore('Rahul Sarma', 'RAHUL SHARMA')).toBeGreaterThan(70);
    expect(nameMatchScore('Priya Iyer', 'RAHUL SHARMA')).toBeLessThan(30);
  });
});
