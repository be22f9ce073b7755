import { z } from 'zod';
import { ValidateAccount } from '@meridian/contract';

const shape = ValidateAccount.shape;

/** The validate form: the contract's ValidateAccount, with "enter" messages; an empty reference is left out. */
export const validateFormSchema = z
  .object({
    beneficiary_account_number: z
      .string()
      .trim()
      .min(1, 'Enter the account number')
      .pipe(shape.beneficiary_account_number),
    ifsc_code: z.string().trim().min(1, 'Enter the IFSC').pipe(shape.ifsc_code),
    beneficiary_name: z.string().trim().min(1, 'Enter the name you expect').pipe(shape.beneficiary_name),
    customer_reference_number: z.union([z.literal(''), shape.customer_reference_number.unwrap()]),
  })
  .transform(({ customer_reference_number, ...rest }): ValidateAccount =>
    customer_reference_number === '' ? rest : { ...rest, customer_reference_number },
  );

export interface ValidateFormInput {
  beneficiary_account_number: string;
  ifsc_code: string;
  beneficiary_name: string;
  customer_reference_number: string;
}

export const FIELDS = [
  'beneficiary_account_number',
  'ifsc_code',
  'beneficiary_name',
  'customer_reference_number',
] as const satisfies readonly (keyof ValidateFormInput)[];

export const EMPTY: ValidateFormInput = {
  beneficiary_account_number: '',
  ifsc_code: '',
  beneficiary_name: '',
  customer_reference_number: '',
};
