import type { FieldErrors, UseFieldArrayReturn, UseFormRegister } from 'react-hook-form';
import Trash from 'lucide-react/icons/trash-2';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { CreateVaForm } from './va-forms';

const MAX_PAYERS = 10;

/** The accounts allowed to pay in (none: anyone), a row each, at most ten. */
export function AllowedPayersField({
  id,
  register,
  payers,
  errors,
}: {
  id: string;
  register: UseFormRegister<CreateVaForm>;
  payers: UseFieldArrayReturn<CreateVaForm, 'allowed_payers'>;
  errors: FieldErrors<CreateVaForm>['allowed_payers'];
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">
        Allowed payers <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      <p className="text-xs text-muted-foreground">
        Only these accounts may pay in; leave empty to accept anyone. An empty IFSC accepts any branch.
      </p>
      {payers.fields.map((field, i) => {
        const rowErrors = errors?.[i];
        return (
          <div key={field.id} className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <FormField
              id={`${id}-payer-${i}-account`}
              label={`Payer ${i + 1} account number`}
              error={rowErrors?.account_number?.message}
            >
              {(p) => (
                <Input
                  {...p}
                  {...register(`allowed_payers.${i}.account_number`)}
                  inputMode="numeric"
                  autoComplete="off"
                />
              )}
            </FormField>
            <FormField
              id={`${id}-payer-${i}-ifsc`}
              label={`Payer ${i + 1} IFSC`}
              optional
              error={rowErrors?.ifsc?.message}
            >
              {(p) => (
                <Input
                  {...p}
                  {...register(`allowed_payers.${i}.ifsc`)}
                  autoComplete="off"
                  className="uppercase"
                />
              )}
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="sm:mt-6"
              aria-label={`Remove payer ${i + 1}`}
              onClick={() => payers.remove(i)}
            >
              <Trash aria-hidden />
            </Button>
          </div>
        );
      })}
      {errors?.message && <p className="text-xs text-destructive">{errors.message}</p>}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={payers.fields.length >= MAX_PAYERS}
          onClick={() => payers.append({ account_number: '', ifsc: '' })}
        >
          Add payer
        </Button>
      </div>
    </fieldset>
  );
}
