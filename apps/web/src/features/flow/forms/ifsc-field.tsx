import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { isCompleteIfsc, isUnknownIfsc, UNKNOWN_IFSC, useIfscDetails } from '../api/ifsc';
import { FormField } from '@/components/form/form-field';

/**
 * IFSC input with a bank lookup: once the code has 11 valid characters it asks the IFSC registry and
 * announces the bank's name, or "Unknown IFSC code". Letters are upper-cased as they are typed.
 */
export function IfscField({
  id,
  label = 'IFSC',
  registration,
  value,
  error,
}: {
  id: string;
  label?: string;
  registration: UseFormRegisterReturn;
  /** The field's current value (`watch`), which drives the lookup. */
  value: string;
  error?: string | undefined;
}) {
  const lookup = useIfscDetails(value);
  const complete = isCompleteIfsc(value);
  const status = !complete ? null : lookup.isPending ? (
    <span className="text-muted-foreground">Looking up the bank…</span>
  ) : lookup.isSuccess ? (
    <span>
      <span className="text-muted-foreground">Bank: </span>
      <span className="font-medium">{lookup.data.bank_name}</span>
    </span>
  ) : isUnknownIfsc(lookup.error) ? (
    <span className="text-destructive">{UNKNOWN_IFSC}</span>
  ) : (
    <span className="text-muted-foreground">The bank of this IFSC could not be looked up.</span>
  );

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const upper = input.value.toUpperCase();
    if (upper !== input.value) {
      const caret = input.selectionStart;
      input.value = upper;
      if (caret !== null) input.setSelectionRange(caret, caret);
    }
    return registration.onChange(event);
  };

  return (
    <FormField id={id} label={label} hint="11 characters, e.g. HDFC0001234" status={status} error={error}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          onChange={onChange}
          autoComplete="off"
          spellCheck={false}
          maxLength={11}
          className="font-mono uppercase"
        />
      )}
    </FormField>
  );
}
