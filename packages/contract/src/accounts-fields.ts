// The fields the accounts' requests share: an IFSC, an account number, a person's name, a customer id. Part
// of `@meridian/contract/accounts`.
import { z } from 'zod';
import { ACCOUNT_NUMBER_PATTERN, IFSC_PATTERN, NAME_PATTERN } from './flow.ts';

export const ifsc = z
  .string()
  .trim()
  .max(11, 'An IFSC is 11 characters: 4 letters, a zero, then 6 letters or digits')
  .transform((v) => v.toUpperCase())
  .pipe(
    z.string().regex(IFSC_PATTERN, 'An IFSC is 11 characters: 4 letters, a zero, then 6 letters or digits'),
  );
export const accountNumber = z
  .string()
  .trim()
  .max(18, 'An account number is 9 to 18 digits')
  .regex(ACCOUNT_NUMBER_PATTERN, 'An account number is 9 to 18 digits');
export const personName = z
  .string()
  .trim()
  .max(100, 'A name is 2 to 100 letters')
  .regex(NAME_PATTERN, "A name is 2 to 100 letters, spaces and . ' & -");
/** The client's own id of its customer: letters, digits, `_`, `-`, `.`, 1 to 64 characters. */
export const CUSTOMER_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const customerId = z
  .string()
  .trim()
  .max(64, 'A customer id is 1 to 64 letters, digits, _ - or .')
  .regex(CUSTOMER_ID_PATTERN, 'A customer id is 1 to 64 letters, digits, _ - or .');
