import { describe, expect, it } from 'vitest';
import { lookupIfsc } from './ifsc.ts';

describe('IFSC registry', () => {
  it('knows real branches and names their bank', () => {
    expect(lookupIfsc('HDFC0000001')).toMatchObject({ bank_code: 'HDFC', bank_name: 'HDFC Bank' });
    expect(lookupIfsc('sbin0000001')?.bank_name).toBe('State Bank of India');
  });
  it('rejects malformed codes and branches that do not exist', () => {
    expect(lookupIfsc('HDFC1000001')).toBeNull();
    expect(lookupIfsc('HDFC0')).toBeNull();
    expect(lookupIfsc('ZZZZ0000001')).toBeNull();
    expect(lookupIfsc('HDFC0000066')).toBeNull(); // a gap in HDFC's branch list
  });
});
