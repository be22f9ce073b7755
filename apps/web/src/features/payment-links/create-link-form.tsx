import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PaymentLinkDetails } from '@meridian/contract/payment-links';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldErrors, isApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCreatePaymentLink } from './api/create-payment-link';
import { TextField } from './field';
import {
  LINK_FIELDS,
  emptyLinkForm,
  linkFormSchema,
  type LinkField,
  type LinkFormInput,
  type LinkFormOutput,
} from './link-form-schema';

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The outcome of a failed call is unknown (no answer, 5xx, in flight, throttled): a retry reuses the key. */
const outcomeUnknown = (error: unknown) =>
  !isApiError(error) ||
  typeof error.status !== 'number' ||
  error.status >= 500 ||
  [408, 409, 429].includes(error.status);

/**
 * The create-a-payment-link form (POST /v2/payments/links): a fixed amount or one the customer enters within
 * limits, the purpose, the customer's contact and the expiry. Checked with the contract's schema before it is
 * sent; the server's field errors land on their fields. One Idempotency-Key per submission, reused when a retry
 * follows an unknown outcome, so a lost answer never makes two links.
 */
export function CreateLinkForm({ onCreated }: { onCreated: (link: PaymentLinkDetails) => void }) {
  const create = useCreatePaymentLink();
  const key = useRef<{ body: string; key: string } | null>(null);
  const [failure, setFailure] = useState<{ message: string; unmatched: string[] } | null>(null);
  const form = useForm<LinkFormInput, unknown, LinkFormOutput>({
    resolver: zodResolver(linkFormSchema),
    defaultValues: emptyLinkForm(),
  });
  const errors = form.formState.errors;
  const entersAmount = form.watch('customer_enters_amount');

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    const fingerprint = JSON.stringify(body);
    if (key.current?.body !== fingerprint) key.current = { body: fingerprint, key: newKey() };
    try {
      const link = await create.mutateAsync({ body, idempotencyKey: key.current.key });
      key.current = null;
      toast.success(`Payment link ${link.customer_reference_number} created`);
      form.reset(emptyLinkForm());
      onCreated(link);
    } catch (error) {
      if (!outcomeUnknown(error)) key.current = null;
      const unmatched: string[] = [];
      let first = true;
      for (const [path, text] of Object.entries(fieldErrors(error))) {
        const name = path.split('.').pop() as LinkField;
        if ((LINK_FIELDS as readonly string[]).includes(name)) {
          form.setError(name, { type: 'server', message: text }, { shouldFocus: first });
          first = false;
        } else unmatched.push(`${path}: ${text}`);
      }
      setFailure({
        message: error instanceof Error ? error.message : 'Something went wrong!',
        unmatched,
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New payment link" className="flex flex-col gap-4">
      {failure && (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden />
          <AlertTitle>The payment link was not created</AlertTitle>
          <AlertDescription>
            <p>{failure.message}</p>
            {failure.unmatched.length > 0 && (
              <ul className="list-disc pl-4">
                {failure.unmatched.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="link-reference"
          label="Reference"
          hint="Your own reference, unique among your links"
          maxLength={40}
          autoComplete="off"
          error={errors.customer_reference_number?.message}
          {...form.register('customer_reference_number')}
        />
        <TextField
          id="link-purpose"
          label="Purpose"
          maxLength={100}
          error={errors.purpose?.message}
          {...form.register('purpose')}
        />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          {...form.register('customer_enters_amount')}
        />
        The customer enters the amount
      </label>
      {entersAmount ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="link-min-amount"
            label="Minimum amount (₹)"
            optional
            inputMode="decimal"
            maxLength={16}
            error={errors.min_amount?.message}
            {...form.register('min_amount')}
          />
          <TextField
            id="link-max-amount"
            label="Maximum amount (₹)"
            optional
            inputMode="decimal"
            maxLength={16}
            error={errors.max_amount?.message}
            {...form.register('max_amount')}
          />
        </div>
      ) : (
        <TextField
          id="link-amount"
          label="Amount (₹)"
          inputMode="decimal"
          maxLength={16}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="link-customer-name"
          label="Customer name"
          optional
          maxLength={100}
          autoComplete="off"
          error={errors.customer_name?.message}
          {...form.register('customer_name')}
        />
        <TextField
          id="link-customer-email"
          label="Customer e-mail"
          optional
          type="email"
          maxLength={254}
          autoComplete="off"
          error={errors.customer_email?.message}
          {...form.register('customer_email')}
        />
        <TextField
          id="link-customer-mobile"
          label="Customer mobile"
          optional
          inputMode="tel"
          maxLength={13}
          autoComplete="off"
          error={errors.customer_mobile?.message}
          {...form.register('customer_mobile')}
        />
      </div>
      <TextField
        id="link-expire-on"
        label="Valid until"
        optional
        type="date"
        hint="The link works until the end of this day (India time); default 7 days, at most 180"
        error={errors.expire_on?.message}
        {...form.register('expire_on')}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create link'}
        </Button>
      </div>
    </form>
  );
}
