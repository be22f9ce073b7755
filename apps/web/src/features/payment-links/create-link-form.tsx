import type { PaymentLinkDetails } from '@meridian/contract/payment-links';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from './field';
import { AmountFields, CustomerFields } from './link-form-fields';
import { useCreateLinkForm } from './use-create-link-form';

/**
 * The create-a-payment-link form (POST /v2/payments/links): a fixed amount or one the customer enters within
 * limits, the purpose, the customer's contact and the expiry. Checked with the contract's schema before it is
 * sent; the server's field errors land on their fields. One Idempotency-Key per submission, reused when a retry
 * follows an unknown outcome, so a lost answer never makes two links.
 */
export function CreateLinkForm({ onCreated }: { onCreated: (link: PaymentLinkDetails) => void }) {
  const { form, failure, onSubmit, pending } = useCreateLinkForm(onCreated);
  const errors = form.formState.errors;
  const entersAmount = form.watch('customer_enters_amount');

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New payment link" className="flex flex-col gap-4">
      {failure && <FailureAlert message={failure.message} unmatched={failure.unmatched} />}
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
      <AmountFields register={form.register} errors={errors} entersAmount={entersAmount} />
      <CustomerFields register={form.register} errors={errors} />
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
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create link'}
        </Button>
      </div>
    </form>
  );
}

/** Why the link was not created, with the server's errors that name no field of the form. */
function FailureAlert({ message, unmatched }: { message: string; unmatched: string[] }) {
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden />
      <AlertTitle>The payment link was not created</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        {unmatched.length > 0 && (
          <ul className="list-disc pl-4">
            {unmatched.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </AlertDescription>
    </Alert>
  );
}
