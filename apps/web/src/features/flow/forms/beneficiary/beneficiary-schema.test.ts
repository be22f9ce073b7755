import { describe, expect, it } from 'vitest';
import {
  beneficiaryFormSchema,
  changedFields,
  emptyBeneficiary,
  toCreateBody,
  type BeneficiaryFormInput,
} from './beneficiary-schema';

const saved: BeneficiaryFormInput = {
  beneficiary_code: 'BEN001',
  beneficiary_name: 'Ravi Kumar',
  beneficiary_email: 'ravi@example.test',
  beneficiary_mobile: '9800000001',
  transfer_type: 'IMPS',
  sender_account_number: '100000000001',
  provider: 'sandbox',
  provider_code: 'SBX',
  beneficiary_account_number: '123456789012',
  ifsc_code: 'HDFC0001234',
  beneficiary_upi_id: '',
};

const parse = (values: BeneficiaryFormInput) => beneficiaryFormSchema.parse(values);

describe('changedFields (PATCH body)', () => {
  it('is empty when nothing changed, including case and spaces the server would normalise', () => {
    expect(
      changedFields(saved, parse({ ...saved, ifsc_code: 'hdfc0001234', beneficiary_name: ' Ravi Kumar ' })),
    ).toEqual({});
  });

  it('holds only the changed fields', () => {
    expect(changedFields(saved, parse({ ...saved, beneficiary_email: 'r.kumar@example.test' }))).toEqual({
      beneficiary_email: 'r.kumar@example.test',
    });
    expect(
      changedFields(saved, parse({ ...saved, beneficiary_mobile: '', beneficiary_name: 'Ravi K' })),
    ).toEqual({
      beneficiary_name: 'Ravi K',
      beneficiary_mobile: '',
    });
  });

  it('clears the bank account when the beneficiary moves to UPI', () => {
    expect(
      changedFields(saved, parse({ ...saved, transfer_type: 'UPI', beneficiary_upi_id: 'ravi@okbank' })),
    ).toEqual({
      transfer_type: 'UPI',
      beneficiary_upi_id: 'ravi@okbank',
      beneficiary_account_number: '',
      ifsc_code: '',
    });
  });
});

describe('beneficiary form rules', () => {
  it('needs an account number and IFSC for bank transfers, a UPI id for UPI', () => {
    const paths = (values: BeneficiaryFormInput) =>
      beneficiaryFormSchema.safeParse(values).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ ...saved, beneficiary_account_number: '', ifsc_code: '' })).toEqual([
      'beneficiary_account_number',
      'ifsc_code',
    ]);
    expect(paths({ ...saved, transfer_type: 'UPI' })).toEqual(['beneficiary_upi_id']);
  });

  it('leaves empty optional fields out of the create body', () => {
    const body = toCreateBody(
      parse({
        ...emptyBeneficiary(),
        ...saved,
        beneficiary_email: '',
        beneficiary_mobile: '',
        ifsc_code: 'hdfc0001234',
      }),
    );
    expect(body).toEqual({
      beneficiary_code: 'BEN001',
      beneficiary_name: 'Ravi Kumar',
      provider: 'sandbox',
      provider_code: 'SBX',
      transfer_type: 'IMPS',
      sender_account_number: '100000000001',
      beneficiary_account_number: '123456789012',
      ifsc_code: 'HDFC0001234',
    });
  });
});
