import { z } from 'zod';
import { CreateVirtualAccount, SimulateCredit } from '@meridian/contract/accounts';

/**
 * The create-virtual-account and simulate-credit forms: what the user types (text; empty means absent) turned
 * into the request body and validated in the browser by the contract's own schemas, so that the form and the
 * server refuse the same things with the same messages. Error paths are the body's, which are the form's
 * field names (`allowed_payers.0.ifsc`).
 */

export interface PayerRow {
  account_number: string;
  ifsc: string;
}

export interface CreateVaForm {
  name: string;
  customer_id: string;
  expected_amount: string;
  expires_on: string;
  allowed_payers: PayerRow[];
}

export const emptyCreateVa = (): CreateVaForm => ({
  name: '',
  customer_id: '',
  expected_amount: '',
  expires_on: '',
  allowed_payers: [],
});

const present = (v: string) => v.trim() !== '';

export function toCreateBody(v: CreateVaForm): z.input<typeof CreateVirtualAccount> {
  return {
    name: v.name,
    customer_id: v.customer_id,
    ...(present(v.expected_amount) ? { expected_amount: v.expected_amount } : {}),
    ...(present(v.expires_on) ? { expires_on: v.expires_on.trim() } : {}),
    ...(v.allowed_payers.length > 0
      ? {
          allowed_payers: v.allowed_payers.map((p) => ({
            account_number: p.account_number,
            ...(present(p.ifsc) ? { ifsc: p.ifsc } : {}),
          })),
        }
      : {}),
  };
}

const text = z.string();
export const createVaFormSchema = z
  .object({
    name: text,
    customer_id: text,
    expected_amount: text,
    expires_on: text,
    allowed_payers: z.array(z.object({ account_number: text, ifsc: text })),
  })
  .transform(toCreateBody)
  .pipe(CreateVirtualAccount);

/** The fields a server error may name, for the current number of payer rows. */
export function createVaFields(payers: number): string[] {
  const rows = Array.from({ length: payers }, (_, i) => [
    `allowed_payers.${i}.account_number`,
    `allowed_payers.${i}.ifsc`,
  ]).flat();
  return ['name', 'customer_id', 'expected_amount', 'expires_on', 'allowed_payers', ...rows];
}

export interface SimulateForm {
  virtual_account_number: string;
  amount: string;
  mode: SimulateCredit['mode'];
  remitter_name: string;
  remitter_account_number: string;
  remitter_ifsc: string;
  remitter_upi_id: string;
  utr: string;
}

export const emptySimulate = (accountNumber = ''): SimulateForm => ({
  virtual_account_number: accountNumber,
  amount: '',
  mode: 'IMPS',
  remitter_name: '',
  remitter_account_number: '',
  remitter_ifsc: '',
  remitter_upi_id: '',
  utr: '',
});

/** The body of a simulated credit: a UPI credit names the remitter's UPI id, any other its account and IFSC. */
export function toSimulateBody(v: SimulateForm): z.input<typeof SimulateCredit> {
  const upi = v.mode === 'UPI';
  return {
    virtual_account_number: v.virtual_account_number,
    amount: v.amount,
    mode: v.mode,
    remitter_name: v.remitter_name,
    ...(upi && present(v.remitter_upi_id) ? { remitter_upi_id: v.remitter_upi_id } : {}),
    ...(!upi && present(v.remitter_account_number)
      ? { remitter_account_number: v.remitter_account_number }
      : {}),
    ...(!upi && present(v.remitter_ifsc) ? { remitter_ifsc: v.remitter_ifsc } : {}),
    ...(present(v.utr) ? { utr: v.utr } : {}),
  };
}

export const simulateFormSchema = z
  .object({
    virtual_account_number: text,
    amount: text,
    mode: z.enum(['NEFT', 'IMPS', 'RTGS', 'UPI']),
    remitter_name: text,
    remitter_account_number: text,
    remitter_ifsc: text,
    remitter_upi_id: text,
    utr: text,
  })
  .transform(toSimulateBody)
  .pipe(SimulateCredit);

export const SIMULATE_FIELDS = [
  'virtual_account_number',
  'amount',
  'mode',
  'remitter_name',
  'remitter_account_number',
  'remitter_ifsc',
  'remitter_upi_id',
  'utr',
] as const;
