import type { FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { TransferType } from '@meridian/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form/form-field';
import { AmountField } from '../amount-field';
import {
  BeneficiaryPicker,
  ReferenceField,
  SenderField,
  TransferTypeField,
  type PayoutForm,
} from './payout-fields';

/** Step 1: who pays whom, how much, how and why. */
export function PayoutFormStep({
  form,
  onReview,
}: {
  form: PayoutForm;
  onReview: (event?: FormEvent<HTMLFormElement>) => unknown;
}) {
  const { register, control, formState } = form;
  const errors = formState.errors;

  const [sender, beneficiaryCode, amount, transferType] = useWatch({
    control,
    name: ['sender_account_number', 'beneficiary_code', 'amount', 'transfer_type'],
  });
  const rail = TransferType.safeParse(transferType);

  return (
    <form onSubmit={onReview} noValidate aria-label="Payout details" className="flex flex-col gap-6">
      <div className="grid gap-6 md:grid-cols-2">
        <SenderField form={form} sender={sender} />

        <BeneficiaryPicker form={form} chosen={beneficiaryCode} />

        <TransferTypeField form={form} />

        <AmountField
          id="payout-amount"
          registration={register('amount')}
          value={amount}
          transferType={rail.success ? rail.data : undefined}
          error={errors.amount?.message}
        />

        <FormField
          id="payout-purpose"
          label="Purpose"
          hint="Shown to the beneficiary's bank, e.g. Vendor invoice 1042"
          error={errors.purpose_message?.message}
        >
          {(p) => <Input {...p} {...register('purpose_message')} maxLength={100} autoComplete="off" />}
        </FormField>

        <ReferenceField form={form} />
      </div>
      <div>
        <Button type="submit">Review payout</Button>
      </div>
    </form>
  );
}
