import { describe, expect, it } from 'vitest';
import { editBeneficiarySearchSchema } from './edit-beneficiary-search';

/** What the router hands to validateSearch: the raw (JSON-parsed) search object. */
const parse = (raw: Record<string, unknown>) => editBeneficiarySearchSchema(raw as never);

describe('edit-beneficiary search parameters', () => {
  it('defaults the eight required parameters to empty text and leaves the optional ones out', () => {
    expect(parse({})).toEqual({
      beneficiaryCode: '',
      beneficiaryName: '',
      beneficiaryEmail: '',
      beneficiaryMobile: '',
      provider: '',
      providerCode: '',
      transferType: '',
      senderAccountNumber: '',
    });
  });

  it('keeps given values, including the optional account number, IFSC and UPI id', () => {
    const search = {
      beneficiaryCode: 'BEN001',
      beneficiaryName: 'Asha Rao',
      beneficiaryEmail: 'asha@example.com',
      beneficiaryMobile: '+919800000001',
      provider: 'meridian',
      providerCode: 'MER',
      transferType: 'IMPS',
      senderAccountNumber: '000111222333',
      beneficiaryAccountNumber: '123456789012',
      ifscCode: 'HDFC0000123',
      beneficiaryUpiId: 'asha@upi',
    };
    expect(parse(search)).toEqual(search);
  });

  it('degrades values of the wrong type instead of throwing', () => {
    const parsed = parse({ beneficiaryName: ['a'], ifscCode: { x: 1 }, transferType: null });
    expect(parsed.beneficiaryName).toBe('');
    expect(parsed.transferType).toBe('');
    expect(parsed.ifscCode).toBeUndefined();
    expect(parsed).not.toHaveProperty('ifscCode');
  });

  it('turns numbers the router parsed from a hand-typed URL back into text', () => {
    const parsed = parse({ beneficiaryMobile: 9800000001, beneficiaryAccountNumber: 123456789012 });
    expect(parsed.beneficiaryMobile).toBe('9800000001');
    expect(parsed.beneficiaryAccountNumber).toBe('123456789012');
  });

  it('treats empty optional values as absent', () => {
    expect(parse({ beneficiaryUpiId: '' })).not.toHaveProperty('beneficiaryUpiId');
  });

  it('ignores unknown parameters', () => {
    expect(parse({ foo: 'bar' })).not.toHaveProperty('foo');
  });
});
