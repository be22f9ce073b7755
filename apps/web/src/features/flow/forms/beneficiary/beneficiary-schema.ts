import { z } from 'zod';
import { CreateBeneficiary, TRANSFER_TYPES, type UpdateBeneficiary } from '@meridian/contract';
import { normalizeIfsc } from '../../api/ifsc';

const shape = CreateBeneficiary.shape;

/**
 * The beneficiary form (add and edit): the contract's CreateBeneficiary with "choose/enter" messages, and the
 * rule of docs/using/flow-api.md: UPI needs a UPI id, every other transfer type an account number and an IFSC.
 * The output clears the fields the chosen transfer type does not use.
 */
export const beneficiaryFormSchema = CreateBeneficiary.extend({
  transfer_type: z.string().pipe(z.enum(TRANSFER_TYPES, { error: 'Choose a transfer type' })),
  sender_account_number: z
    .string()
    .min(1, 'Choose the account that pays this beneficiary')
    .pipe(shape.sender_account_number),
  provider: z.string().trim(),
  provider_code: z.string().trim(),
  // The form always holds text: '' where the contract allows the field to be absent.
  beneficiary_email: z.string().pipe(shape.beneficiary_email.unwrap()),
  beneficiary_mobile: z.string().pipe(shape.beneficiary_mobile.unwrap()),
  beneficiary_account_number: z.string().pipe(shape.beneficiary_account_number.unwrap()),
  ifsc_code: z.string().pipe(shape.ifsc_code.unwrap()),
  beneficiary_upi_id: z.string().pipe(shape.beneficiary_upi_id.unwrap()),
})
  .superRefine((v, ctx) => {
    const need = (path: keyof typeof v, message: string) => {
      const value = v[path];
      if (typeof value !== 'string' || value.trim() === '')
        ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (v.transfer_type === 'UPI') {
      need('beneficiary_upi_id', 'Enter the UPI id');
    } else {
      need('beneficiary_account_number', 'Enter the account number');
      need('ifsc_code', 'Enter the IFSC');
    }
  })
  .transform((v) => {
    const upi = v.transfer_type === 'UPI';
    return {
      ...v,
      beneficiary_account_number: upi ? '' : v.beneficiary_account_number,
      ifsc_code: upi ? '' : v.ifsc_code,
      beneficiary_upi_id: upi ? v.beneficiary_upi_id : '',
    };
  });

/** What the form holds: every field as text. */
export interface BeneficiaryFormInput {
  beneficiary_code: string;
  beneficiary_name: string;
  beneficiary_email: string;
  beneficiary_mobile: string;
  transfer_type: string;
  sender_account_number: string;
  provider: string;
  provider_code: string;
  beneficiary_account_number: string;
  ifsc_code: string;
  beneficiary_upi_id: string;
}
export type BeneficiaryFormOutput = z.output<typeof beneficiaryFormSchema>;

/** The fields with a control, in the order the form shows them (for the server's field errors). */
export const BENEFICIARY_FIELDS = [
  'beneficiary_code',
  'beneficiary_name',
  'beneficiary_email',
  'beneficiary_mobile',
  'transfer_type',
  'sender_account_number',
  'beneficiary_account_number',
  'ifsc_code',
  'beneficiary_upi_id',
] as const satisfies readonly (keyof BeneficiaryFormInput)[];

/** The provider of the sender account is set with it; its errors belong to that select. */
export const BENEFICIARY_FIELD_ALIASES = {
  provider: 'sender_account_number',
  provider_code: 'sender_account_number',
} as const;

export const emptyBeneficiary = (): BeneficiaryFormInput => ({
  beneficiary_code: '',
  beneficiary_name: '',
  beneficiary_email: '',
  beneficiary_mobile: '',
  transfer_type: '',
  sender_account_number: '',
  provider: '',
  provider_code: '',
  beneficiary_account_number: '',
  ifsc_code: '',
  beneficiary_upi_id: '',
});

/** The create body: optional fields that are empty are left out. */
export function toCreateBody(values: BeneficiaryFormOutput): CreateBeneficiary {
  const body: CreateBeneficiary = {
    beneficiary_code: values.beneficiary_code,
    beneficiary_name: values.beneficiary_name,
    provider: values.provider,
    provider_code: values.provider_code,
    transfer_type: values.transfer_type,
    sender_account_number: values.sender_account_number,
  };
  const optional = [
    'beneficiary_email',
    'beneficiary_mobile',
    'beneficiary_account_number',
    'ifsc_code',
    'beneficiary_upi_id',
  ] as const;
  for (const key of optional) if (values[key] !== '') body[key] = values[key];
  return body;
}

/** The fields an edit may change, compared as the server would store them. */
const EDITABLE = [
  'beneficiary_name',
  'beneficiary_email',
  'beneficiary_mobile',
  'transfer_type',
  'sender_account_number',
  'provider',
  'provider_code',
  'beneficiary_account_number',
  'ifsc_code',
  'beneficiary_upi_id',
] as const;

function normalize(key: (typeof EDITABLE)[number], value: string): string {
  const trimmed = value.trim();
  return key === 'ifsc_code' ? normalizeIfsc(trimmed) : trimmed;
}

/**
 * The PATCH body of an edit: only the fields whose (normalised) value differs from what the beneficiary had.
 * Fields the transfer type no longer uses are sent as '' when they had a value, which clears them.
 */
export function changedFields(before: BeneficiaryFormInput, after: BeneficiaryFormOutput): UpdateBeneficiary {
  const body: Record<string, string> = {};
  for (const key of EDITABLE) {
    const next = String(after[key] ?? '');
    if (normalize(key, before[key]) !== normalize(key, next)) body[key] = next;
  }
  return body as UpdateBeneficiary;
}
