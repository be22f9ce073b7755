import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from './field';
import type { LinkFormInput } from './link-form-schema';

interface FieldsProps {
  register: UseFormRegister<LinkFormInput>;
  errors: FieldErrors<LinkFormInput>;
}

/** A fixed amount, or the limits of the amount the customer enters. */
export function AmountFields({ register, errors, entersAmount }: FieldsProps & { entersAmount: boolean }) {
  return entersAmount ? (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id="link-min-amount"
        label="Minimum amount (₹)"
        optional
        inputMode="decimal"
        maxLength={16}
        error={errors.min_amount?.message}
        {...register('min_amount')}
      />
      <TextField
        id="link-max-amount"
        label="Maximum amount (₹)"
        optional
        inputMode="decimal"
        maxLength={16}
        error={errors.max_amount?.message}
        {...register('max_amount')}
      />
    </div>
  ) : (
    <TextField
      id="link-amount"
      label="Amount (₹)"
      inputMode="decimal"
      maxLength={16}
      error={errors.amount?.message}
      {...register('amount')}
    />
  );
}

/** The customer's name, e-mail and mobile, each optional. */
export function CustomerFields({ register, errors }: FieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        id="link-customer-name"
        label="Customer name"
        optional
        maxLength={100}
        autoComplete="off"
        error={errors.customer_name?.message}
        {...register('customer_name')}
      />
      <TextField
        id="link-customer-email"
        label="Customer e-mail"
        optional
        type="email"
        maxLength={254}
        autoComplete="off"
        error={errors.customer_email?.message}
        {...register('customer_email')}
      />
      <TextField
        id="link-customer-mobile"
        label="Customer mobile"
        optional
        inputMode="tel"
        maxLength={13}
        autoComplete="off"
        error={errors.customer_mobile?.message}
        {...register('customer_mobile')}
      />
    </div>
  );
}
