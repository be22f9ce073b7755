import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { doneOrPending, PendingApproval, waitingTitle } from './pending-approval';

const Thing = z.object({ id: z.string(), status: z.enum(['ACTIVE', 'INACTIVE']) });
const HELD = {
  approval_urn: 'APR1',
  status: 'PENDING_APPROVAL',
  message: 'The change waits for approval (APR1)',
};

describe('doneOrPending', () => {
  it('reads the usual answer as done and the 202 as pending', () => {
    expect(doneOrPending(Thing).parse({ id: 'T1', status: 'ACTIVE' })).toEqual({
      done: { id: 'T1', status: 'ACTIVE' },
    });
    expect(doneOrPending(Thing).parse(HELD)).toEqual({ pending: HELD });
  });

  it('keeps what an extended 202 carries (a held key’s secret)', () => {
    const PendingKey = PendingApproval.extend({ key_id: z.string(), key_secret: z.string() });
    const answer = { ...HELD, key_id: 'key_1', key_secret: 'sk_1' };
    expect(doneOrPending(Thing, PendingKey).parse(answer)).toEqual({ pending: answer });
  });

  it('refuses an answer that is neither', () => {
    expect(() => doneOrPending(Thing).parse({ approval_urn: 'APR1', status: 'PENDING' })).toThrow();
  });

  it('titles a held change with what waits and its request', () => {
    expect(waitingTitle('beneficiary BEN1', PendingApproval.parse(HELD))).toBe(
      'Waiting for approval: beneficiary BEN1 (APR1)',
    );
  });
});
