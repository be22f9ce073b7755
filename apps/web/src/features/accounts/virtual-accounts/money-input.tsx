import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/format/money';

/** An amount in rupees with the ₹ sign and, below it, the amount as it will be read ("₹1,25,000.00"). */
export function MoneyInput({
  id,
  label,
  optional,
  hint,
  value,
  registration,
  error,
}: {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  value: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const formatted = formatMoney(value.trim() === '' ? null : value);
  return (
    <FormField
      id={id}
      label={`${label} (₹)`}
      optional={optional}
      hint={formatted !== '-' ? `${formatted}${hint ? ` · ${hint}` : ''}` : hint}
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
