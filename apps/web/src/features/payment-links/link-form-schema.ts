import { generateReference } from '@/components/form/reference';
import { z } from 'zod';
import { CreatePaymentLink } from '@meridian/contract/payment-links';

/**
 * The create form: text fields as typed ('' for empty) and the "customer enters the amount" switch, turned into
 * the contract's body and checked with the contract's own schema (the same rules as the server, messages on
 * the same field names).
 */
export const LINK_FIELDS = [
  'customer_reference_number',
  'amount',
  'min_amount',
  'max_amount',
  'purpose',
  'customer_name',
  'customer_email',
  'customer_mobile',
  'expire_on',
] as const;
export type LinkField = (typeof LINK_FIELDS)[number];

export const linkFormSchema = z
  .object({
    ...(Object.fromEntries(LINK_FIELDS.map((f) => [f, z.string()])) as Record<LinkField, z.ZodString>),
    customer_enters_amount: z.boolean(),
  })
  .transform((v) => {
    const body: Record<string, unknown> = { customer_enters_amount: v.customer_enters_amount };
    for (const f of LINK_FIELDS) {
      const value = v[f].trim();
      if (value === '') continue;
      if (v.customer_enters_amount ? f === 'amount' : f === 'min_amount' || f === 'max_amount') continue;
      body[f] = value;
    }
    // The reference and the purpose are required: an empty one gets the contract's message.
    body.customer_reference_number ??= '';
    body.purpose ??= '';
    return body;
  })
  .pipe(CreatePaymentLink);

export type LinkFormInput = z.input<typeof linkFormSchema>;
export type LinkFormOutput = z.output<typeof linkFormSchema>;

export const emptyLinkForm = (): LinkFormInput => ({
  // A fresh reference, as the payout form gives one: the client may type its own instead.
  customer_reference_number: generateReference('LNK'),
  amount: '',
  min_amount: '',
  max_amount: '',
  purpose: '',
  customer_name: '',
  customer_email: '',
  customer_mobile: '',
  expire_on: '',
  customer_enters_amount: false,
});
