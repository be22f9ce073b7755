import { z } from 'zod';
import { Amount, InitiatePayout, TRANSFER_TYPES, TransferType } from '@meridian/contract';
import { amountLimitError } from '../money';
import { generateReference } from '@/components/form/reference';

/** The payout form: the contract's InitiatePayout, with "choose/enter" messages and the rail limits. */
export const payoutFormSchema = z
  .object({
    sender_account_number: z
      .string()
      .min(1, 'Choose the account to pay from')
      .pipe(InitiatePayout.shape.sender_account_number),
    beneficiary_code: z.string().min(1, 'Choose a beneficiary').pipe(InitiatePayout.shape.beneficiary_code),
    amount: z.string().trim().min(1, 'Enter the amount').pipe(Amount),
    transfer_type: z.string().pipe(z.enum(TRANSFER_TYPES, { error: 'Choose a transfer type' })),
    purpose_message: InitiatePayout.shape.purpose_message,
    customer_reference_number: z
      .string()
      .trim()
      .min(1, 'Enter a customer reference number')
      .pipe(InitiatePayout.shape.customer_reference_number),
  })
  .superRefine((values, ctx) => {
    const type = TransferType.safeParse(values.transfer_type);
    if (!type.success) return;
    const message = amountLimitError(values.amount, type.data);
    if (message) ctx.addIssue({ code: 'custom', path: ['amount'], message });
  });

export type PayoutFormInput = z.input<typeof payoutFormSchema>;
export type PayoutFormOutput = z.output<typeof payoutFormSchema>;

export const PAYOUT_FIELDS = [
  'sender_account_number',
  'beneficiary_code',
  'amount',
  'transfer_type',
  'purpose_message',
  'customer_reference_number',
] as const satisfies readonly (keyof PayoutFormInput)[];

/** Server errors without field errors that still belong to one field (docs/using/flow-api.md). */
export const PAYOUT_ERROR_FIELDS = {
  insufficient_balance: 'amount',
  amount_out_of_range: 'amount',
  duplicate_reference: 'customer_reference_number',
  duplicate_customer_reference_number: 'customer_reference_number',
} as const satisfies Record<string, (typeof PAYOUT_FIELDS)[number]>;

export function emptyPayout(): PayoutFormInput {
  return {
    sender_account_number: '',
    beneficiary_code: '',
    amount: '',
    transfer_type: '',
    purpose_message: '',
    customer_reference_number: generateReference(),
  };
}
