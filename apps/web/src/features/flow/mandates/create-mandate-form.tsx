import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateMandate,
  MANDATE_FREQUENCIES,
  MANDATE_LIMITS,
  type Mandate,
  type MandateType,
} from '@meridian/contract/mandates';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { useCreateMandate } from '../api/mandates';
import { FormErrorAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useIdempotentSubmission } from '@/components/form/idempotency';
import { generateReference } from '@/components/form/reference';
import { mapServerError, setServerFieldErrors, type ServerErrorView } from '@/components/form/server-errors';

type Input = z.input<typeof CreateMandate>;
type Output = z.output<typeof CreateMandate>;
type Field = keyof Input & string;

const FIELDS: readonly Field[] = [
  'customer_reference_number',
  'type',
  'customer_name',
  'customer_email',
  'customer_mobile',
  'account_number',
  'ifsc_code',
  'account_type',
  'vpa',
  'max_amount',
  'frequency',
  'start_date',
  'end_date',
];

const TYPE_LABELS: Record<MandateType, string> = { NACH: 'NACH (bank account)', UPI_AUTOPAY: 'UPI autopay' };
const title = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();

/** Today as YYYY-MM-DD in the browser's zone (the server checks it in India's). */
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export const emptyMandate = (): Input => ({
  customer_reference_number: generateReference('MDT'),
  type: 'NACH',
  customer_name: '',
  customer_email: '',
  customer_mobile: '',
  account_number: '',
  ifsc_code: '',
  account_type: 'SAVINGS',
  vpa: '',
  max_amount: '',
  frequency: 'MONTHLY',
  start_date: localToday(),
  end_date: '',
});

/** Only the payer fields of the chosen type are sent. */
function toBody(v: Output): Output {
  const common = { ...v, customer_email: v.customer_email || '', end_date: v.end_date || '' };
  return v.type === 'NACH'
    ? { ...common, vpa: '' }
    : { ...common, account_number: '', ifsc_code: '', account_type: '' };
}

/** The form's state and its submit, with an idempotency key per submission. */
function useCreateMandateForm(onCreated: (mandate: Mandate) => void) {
  const create = useCreateMandate();
  const submission = useIdempotentSubmission();
  const [failure, setFailure] = useState<Pick<ServerErrorView<string>, 'message' | 'unmatched'> | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(CreateMandate),
    defaultValues: emptyMandate(),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const body = toBody(values);
    try {
      const mandate = await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.settle();
      toast.success(`Mandate ${mandate.urn} registered`, {
        description: 'Send the customer the authorisation link to approve it.',
      });
      onCreated(mandate);
    } catch (error) {
      submission.settle(error);
      const view = mapServerError(error, FIELDS);
      setFailure(view);
      setServerFieldErrors(form.setError, view.fields);
    }
  });
  return { form, failure, onSubmit, pending: create.isPending };
}

/** The mandate's type, customer, payer (bank account for NACH, UPI id for autopay), limit and dates. */
function MandateFields({ form }: { form: UseFormReturn<Input, unknown, Output> }) {
  const { register, formState } = form;
  const errors = formState.errors;
  const type = useWatch({ control: form.control, name: 'type' });
  const err = (f: Field) => errors[f]?.message;

  const text = (
    id: Field,
    label: string,
    opts: { optional?: boolean; hint?: string; type?: string } = {},
  ) => (
    <FormField
      id={`mandate-${id}`}
      label={label}
      optional={opts.optional ?? false}
      hint={opts.hint}
      error={err(id)}
    >
      {(p) => <Input {...p} type={opts.type ?? 'text'} {...register(id)} />}
    </FormField>
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="mandate-type" label="Mandate type" error={err('type')}>
        {(p) => (
          <Select {...p} {...register('type')}>
            {(Object.keys(TYPE_LABELS) as MandateType[]).map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {text('customer_reference_number', 'Customer reference')}
      {text('customer_name', 'Customer name')}
      {text('customer_mobile', 'Customer mobile', { type: 'tel' })}
      {text('customer_email', 'Customer e-mail', { optional: true, type: 'email' })}
      {type === 'NACH' ? (
        <>
          {text('account_number', 'Account number')}
          {text('ifsc_code', 'IFSC')}
          <FormField id="mandate-account_type" label="Account type" error={err('account_type')}>
            {(p) => (
              <Select {...p} {...register('account_type')}>
                <option value="SAVINGS">Savings</option>
                <option value="CURRENT">Current</option>
              </Select>
            )}
          </FormField>
        </>
      ) : (
        text('vpa', 'UPI id (VPA)', { hint: 'For example name@okhdfc' })
      )}
      {text('max_amount', 'Maximum amount per debit (₹)', {
        hint: `${MANDATE_LIMITS[type ?? 'NACH'].label}`,
      })}
      <FormField id="mandate-frequency" label="Frequency" error={err('frequency')}>
        {(p) => (
          <Select {...p} {...register('frequency')}>
            {MANDATE_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {f === 'ADHOC' ? 'As presented (ad hoc)' : title(f)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {text('start_date', 'Start date', { type: 'date' })}
      {text('end_date', 'End date', { optional: true, type: 'date', hint: 'Empty: until cancelled' })}
    </div>
  );
}

/**
 * Registers a mandate (POST /v2/mandates), validated with the contract's schema before it is sent; the
 * server's field errors land on their fields. Answers the new mandate (PENDING, with its authorisation link).
 */
export function CreateMandateForm({ onCreated }: { onCreated: (mandate: Mandate) => void }) {
  const { form, failure, onSubmit, pending } = useCreateMandateForm(onCreated);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="New mandate" className="flex flex-col gap-5">
      <FormErrorAlert
        title="The mandate was not registered"
        message={failure?.message ?? null}
        details={failure?.unmatched}
      />
      <MandateFields form={form} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? 'Registering…' : 'Register mandate'}
        </Button>
      </div>
    </form>
  );
}
