import { useState } from 'react';
import type { UpiLink } from '@meridian/contract/payment-links';
import { Button } from '@/components/ui/button';
import { Code } from '@/components/data-table';
import { CopyButton } from '@/components/data-table/copy-button';
import { fieldErrors } from '@/lib/api';
import { useCreateUpiLink } from './api/upi-link';
import { QrImage, TextField } from './field';

const FIELDS = ['payee_vpa', 'payee_name', 'amount', 'reference', 'note'] as const;
type Field = (typeof FIELDS)[number];

/** The generator's fields, its answer and errors, and the submit (empty fields are left out). */
function useUpiLinkForm() {
  const make = useCreateUpiLink();
  const [values, setValues] = useState<Record<Field, string>>({
    payee_vpa: '',
    payee_name: '',
    amount: '',
    reference: '',
    note: '',
  });
  const [result, setResult] = useState<UpiLink | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    const body = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim()]).filter(([, v]) => v !== ''));
    try {
      setResult(await make.mutateAsync(body));
    } catch (error) {
      setResult(null);
      const fields = fieldErrors(error);
      setErrors(
        Object.fromEntries(
          Object.entries(fields)
            .map(([k, v]) => [k.split('.').pop()!, v])
            .filter(([k]) => (FIELDS as readonly string[]).includes(k!)),
        ),
      );
      setMessage(error instanceof Error ? error.message : 'Something went wrong!');
    }
  };
  return { values, setValues, result, errors, message, submit, pending: make.isPending };
}

/**
 * The UPI link generator (POST /v2/payments/upi/link): a `upi://pay?…` intent and its QR code for any payee,
 * amount, reference and note; empty fields take the server's defaults (your collection VPA and name, the payer
 * enters the amount). Nothing is stored.
 */
export function UpiLinkGenerator() {
  const { values, setValues, result, errors, message, submit, pending } = useUpiLinkForm();
  const field = (name: Field, label: string, extra: Partial<React.ComponentProps<'input'>> = {}) => (
    <TextField
      id={`upi-${name}`}
      label={label}
      optional
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={errors[name]}
      autoComplete="off"
      {...extra}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="UPI link" className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {field('payee_vpa', 'Payee UPI id', { maxLength: 255, placeholder: 'Your collection VPA' })}
          {field('payee_name', 'Payee name', { maxLength: 99 })}
          {field('amount', 'Amount (₹)', {
            inputMode: 'decimal',
            maxLength: 16,
            placeholder: 'Entered by the payer',
          })}
          {field('reference', 'Reference (tr)', { maxLength: 35 })}
        </div>
        {field('note', 'Note (tn)', { maxLength: 50 })}
        {message && (
          <p role="alert" className="text-sm text-destructive">
            {message}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? 'Generating…' : 'Generate UPI link'}
          </Button>
        </div>
      </form>
      {result && <UpiLinkResult result={result} />}
    </div>
  );
}

function UpiLinkResult({ result }: { result: UpiLink }) {
  return (
    <section
      aria-label="Generated UPI link"
      className="flex flex-col items-center gap-3 border-t pt-4 sm:flex-row sm:items-start"
    >
      <QrImage svg={result.qr_svg} label={`UPI QR code to pay ${result.payee_name}`} />
      <div className="flex min-w-0 flex-1 items-start gap-1">
        <Code wrap className="min-w-0 flex-1 text-xs">
          {result.intent}
        </Code>
        <CopyButton value={result.intent} label="Copy UPI link" />
      </div>
    </section>
  );
}
