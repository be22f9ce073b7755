import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreatePresentation, type Mandate } from '@meridian/contract/mandates';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { usePresentDebit } from '../api/mandates';
import { FormErrorAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useIdempotentSubmission } from '@/components/form/idempotency';
import { generateReference } from '@/components/form/reference';
import { mapServerError, setServerFieldErrors } from '@/components/form/server-errors';

type Input = z.input<typeof CreatePresentation>;
type Output = z.output<typeof CreatePresentation>;
const FIELDS = ['customer_reference_number', 'amount', 'remarks'] as const;

/** "Present a debit" under an ACTIVE mandate (POST /v2/mandates/{urn}/presentations). */
export function PresentDebitForm({ mandate }: { mandate: Mandate }) {
  const present = usePresentDebit();
  const submission = useIdempotentSubmission();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(CreatePresentation),
    defaultValues: { customer_reference_number: generateReference('DEB'), amount: '', remarks: '' },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const p = await present.mutateAsync({
        urn: mandate.urn,
        body,
        idempotencyKey: submission.keyFor(body),
      });
      submission.settle();
      toast.success(`Debit ${p.urn} presented`, {
        description: 'The payer’s bank answers in a few seconds.',
      });
      form.reset({ customer_reference_number: generateReference('DEB'), amount: '', remarks: '' });
    } catch (error) {
      submission.settle(error);
      const view = mapServerError(error, FIELDS);
      setFailure(view.message);
      setServerFieldErrors(form.setError, view.fields);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Present a debit" className="flex flex-col gap-3">
      <FormErrorAlert title="The debit was not presented" message={failure} />
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField
          id="debit-amount"
          label="Amount (₹)"
          hint={`At most ₹${mandate.max_amount}`}
          error={errors.amount?.message}
        >
          {(p) => <Input {...p} inputMode="decimal" {...form.register('amount')} />}
        </FormField>
        <FormField
          id="debit-reference"
          label="Customer reference"
          error={errors.customer_reference_number?.message}
        >
          {(p) => <Input {...p} {...form.register('customer_reference_number')} />}
        </FormField>
        <FormField id="debit-remarks" label="Remarks" optional error={errors.remarks?.message}>
          {(p) => <Input {...p} {...form.register('remarks')} />}
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={present.isPending}>
          {present.isPending ? 'Presenting…' : 'Present debit'}
        </Button>
      </div>
    </form>
  );
}
