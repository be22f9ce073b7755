import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TransferType } from '@meridian/contract';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form/form-field';
import { formatPaise } from '@/lib/format/money';
import { amountToPaise, railLimitText } from './money';

/**
 * Amount in rupees (a decimal string, at most two decimals), with the ₹ sign, the limits of the chosen
 * transfer type and the amount as it will be paid, e.g. "₹1,25,000.00".
 */
export function AmountField({
  id,
  label = 'Amount',
  registration,
  value,
  transferType,
  error,
}: {
  id: string;
  label?: string;
  registration: UseFormRegisterReturn;
  value: string;
  transferType: TransferType | undefined;
  error?: string | undefined;
}) {
  const paise = amountToPaise(value);
  const limits = transferType ? railLimitText(transferType) : 'Choose a transfer type to see its limits.';
  return (
    <FormField
      id={id}
      label={`${label} (₹)`}
      hint={paise !== null && paise > 0n ? `${formatPaise(paise)} · ${limits}` : limits}
      error={error}
    >
      {(control) => (
        <div className="relative">
          <span
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
            aria-hidden
          >
            ₹
          </span>
          <Input
            {...control}
            {...registration}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            className="pl-7 tabular-nums"
          />
        </div>
      )}
    </FormField>
  );
}
