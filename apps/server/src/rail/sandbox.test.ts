import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  bankReference,
  nameMatchScore,
  planPayout,
  planPresentation,
  planValidation,
  registeredHolder,
  TEST_ACCOUNTS,
  TEST_PAYERS,
} from './sandbox.ts';

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
  it('gives every test account its outcome, by account ending or UPI id', () => {
    const upi = (upiId: string) => ({ accountNumber: null, upiId });
    expect(planPayout('NEFT', acct('50100000000002'))).toMatchObject({ reason: 'Invalid account number' });
    expect(planPayout('UPI', upi('invalid@okbank'))).toMatchObject({
      outcome: 'FAILURE',
      reason: 'UPI id does not exist',
    });
    expect(planPayout('UPI', upi('Slow@okbank'))).toEqual({ outcome: 'SUCCESS', settleAfterMs: 300000 });
    const returned = planPayout('RTGS', acct('50100000000004'));
    expect(returned).toMatchObject({
      outcome: 'RETURNED',
      returnAfterMs: 120000,
      reason: 'Returned by beneficiary bank: account frozen',
    });
    expect(returned.settleAfterMs).toBeGreaterThanOrEqual(5000);
    expect(returned.settleAfterMs).toBeLessThan(8000);
    expect(planPayout('UPI', upi('returned@okbank'))).toMatchObject({ outcome: 'RETURNED' });
    expect(planPayout('IMPS', acct('50100000000005')).outcome).toBe('SUCCESS');
    expect(planPayout('UPI', upi('mismatch@okbank')).outcome).toBe('SUCCESS');
    // An account's ending is the test case even when the number is otherwise ordinary; other endings succeed.
    expect(planPayout('IMPS', acct('123456780001'))).toMatchObject({ outcome: 'FAILURE' });
    expect(planPayout('IMPS', acct('50100000000006')).outcome).toBe('SUCCESS');
    expect(planPayout('UPI', upi('someone@okbank')).outcome).toBe('SUCCESS');

    expect(planValidation('50100000000002', 'HDFC0000001')).toEqual({
      outcome: 'FAILURE',
      reason: 'Account does not exist',
    });
    for (const ending of ['0003', '0004'])
      expect(planValidation(`5010000000${ending}`, 'HDFC0000001')).toEqual({
        outcome: 'SUCCESS',
        registeredName: registeredHolder(`5010000000${ending}`, 'HDFC0000001'),
      });
    expect(registeredHolder('50100000000005', 'HDFC0000001')).toMatch(/^[A-Z]+ TRADING COMPANY$/);
    expect(registeredHolder('50100000000006', 'HDFC0000001')).toMatch(/^[A-Z]+ [A-Z]+$/);
  });
  it("bounces the test payers' presentations, by account ending or VPA", () => {
    const vpa = (v: string) => ({ accountNumber: null, vpa: v });
    const account = (n: string) => ({ accountNumber: n, vpa: null });
    expect(planPresentation('NACH', account('50100000000001'))).toMatchObject({
      outcome: 'BOUNCED',
      reason: 'Insufficient funds in payer account',
    });
    expect(planPresentation('UPI_AUTOPAY', vpa('nofunds@okhdfc'))).toMatchObject({ outcome: 'BOUNCED' });
    expect(planPresentation('UPI_AUTOPAY', vpa('closed@okhdfc'))).toMatchObject({
      outcome: 'BOUNCED',
      reason: 'Payer account closed',
    });
    expect(planPresentation('NACH', account('50100000000003'))).toEqual({
      outcome: 'SUCCESS',
      settleAfterMs: 300000,
    });
    const nach = planPresentation('NACH', account('50100000000004'));
    expect(nach.outcome).toBe('SUCCESS');
    expect(nach.settleAfterMs).toBeGreaterThanOrEqual(5000);
    expect(nach.settleAfterMs).toBeLessThan(8000);
    const upi = planPresentation('UPI_AUTOPAY', vpa('invalid@okhdfc'));
    expect(upi.outcome).toBe('SUCCESS');
    expect(upi.settleAfterMs).toBeGreaterThanOrEqual(2000);
    expect(upi.settleAfterMs).toBeLessThan(5000);
  });
  it('documents in docs/using/flow.md exactly the test accounts and payers that it applies', () => {
    const readme = readFileSync(new URL('../../../../docs/using/flow.md', import.meta.url), 'utf8');
    /** The first two cells (`0001` | `closed@…`) of each row of the table under a heading. */
    const rows = (heading: string) => {
      const section = readme.slice(readme.indexOf(heading)).split('\n#')[0]!;
      return [...section.matchAll(/^\| `(\d{4})` \| `([a-z]+)@…` \|/gm)].map(([, e, u]) => `${e} ${u}`);
    };
    expect(rows('## Sandbox test accounts')).toEqual(TEST_ACCOUNTS.map((a) => `${a.ending} ${a.upi}`));
    expect(rows('## Sandbox test mandates')).toEqual(TEST_PAYERS.map((p) => `${p.ending} ${p.vpa}`));
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
