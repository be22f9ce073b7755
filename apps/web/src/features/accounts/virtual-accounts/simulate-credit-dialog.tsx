import { useId, useState } from 'react';
import { useForm, type FieldErrors, type FieldPath, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CREDIT_MODES, type SimulateCredit, type SimulateCreditResult } from '@meridian/contract/accounts';
import type { z } from 'zod';
import CircleCheck from 'lucide-react/icons/circle-check';
import { Code, DetailList, MoneyText, StatusBadge } from '@/components/data-table';
import { FormErrorAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { mapServerError, setServerFieldErrors, type ServerErrorView } from '@/components/form/server-errors';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { APP_ENV } from '@/lib/env';
import { useSimulateCredit } from '../api/simulate-credit';
import { CREDIT_STATUS_VARIANTS } from '../accounts-page';
import { MoneyInput } from './money-input';
import { emptySimulate, SIMULATE_FIELDS, simulateFormSchema, type SimulateForm } from './va-forms';

type Result = z.infer<typeof SimulateCreditResult>;
type Failure = Pick<ServerErrorView<string>, 'message' | 'unmatched'>;

/** Simulating credits is a sandbox tool: hidden in a production build (the server answers 404 there). */
export const CAN_SIMULATE = APP_ENV !== 'production';

/**
 * "Simulate a credit": money arriving in a virtual account from a remitter, by NEFT/IMPS/RTGS (account and
 * IFSC) or UPI (UPI id), as the sandbox bank would report it. The answer shows whether it was credited,
 * returned (and why) or was a UTR already seen.
 */
export function SimulateCreditDialog({
  open,
  onOpenChange,
  accountNumber,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The virtual account, when opened from its details. */
  accountNumber?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          layout={null}
          className="top-1/2 left-1/2 max-h-[90svh] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 grid-cols-1 gap-4 overflow-y-auto rounded-lg p-4 sm:max-w-xl sm:p-6"
        >
          <DialogHeader className="pr-8">
            <DialogTitle>Simulate a credit</DialogTitle>
            <DialogDescription>
              Sandbox only: money arriving in a virtual account, as the bank would report it.
            </DialogDescription>
          </DialogHeader>
          <SimulateCreditForm accountNumber={accountNumber} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The simulate form's state, the bank's answer and the submit; the server's field errors land on their fields. */
function useSimulateCreditForm(accountNumber: string | undefined) {
  const simulate = useSimulateCredit();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const form = useForm<SimulateForm, unknown, SimulateCredit>({
    resolver: zodResolver(simulateFormSchema),
    defaultValues: emptySimulate(accountNumber),
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    setResult(null);
    try {
      setResult(await simulate.mutateAsync(body));
    } catch (error) {
      const view = mapServerError(error, SIMULATE_FIELDS);
      setFailure(view);
      setServerFieldErrors(form.setError, view.fields as Partial<Record<FieldPath<SimulateForm>, string>>);
    }
  });
  return { form, failure, result, onSubmit, pending: simulate.isPending };
}

export function SimulateCreditForm({
  accountNumber,
  onDone,
}: {
  accountNumber?: string;
  onDone: () => void;
}) {
  const id = useId();
  const { form, failure, result, onSubmit, pending } = useSimulateCreditForm(accountNumber);
  const errors = form.formState.errors;
  const mode = form.watch('mode');

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Simulated credit" className="flex flex-col gap-5">
      <FormErrorAlert
        title="The credit was not simulated"
        message={failure?.message ?? null}
        details={failure?.unmatched}
      />
      {result && <SimulateAnswer result={result} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-va`}
          label="Virtual account number"
          error={errors.virtual_account_number?.message}
        >
          {(p) => (
            <Input
              {...p}
              {...form.register('virtual_account_number')}
              inputMode="numeric"
              autoComplete="off"
              readOnly={accountNumber !== undefined}
            />
          )}
        </FormField>
        <MoneyInput
          id={`${id}-amount`}
          label="Amount"
          value={form.watch('amount')}
          registration={form.register('amount')}
          error={errors.amount?.message}
        />
        <FormField id={`${id}-mode`} label="Mode" error={errors.mode?.message}>
          {(p) => (
            <Select {...p} {...form.register('mode')}>
              {CREDIT_MODES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <RemitterFields id={id} mode={mode} register={form.register} errors={errors} />
        <FormField
          id={`${id}-utr`}
          label="UTR"
          optional
          hint="Generated when empty; a UTR sent twice is credited once"
          error={errors.utr?.message}
        >
          {(p) => <Input {...p} {...form.register('utr')} autoComplete="off" spellCheck={false} />}
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {result ? 'Done' : 'Cancel'}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending…' : 'Simulate credit'}
        </Button>
      </div>
    </form>
  );
}

/** Who sends the money: a name, and a UPI id (UPI) or an account and IFSC (NEFT, IMPS, RTGS). */
function RemitterFields({
  id,
  mode,
  register,
  errors,
}: {
  id: string;
  mode: SimulateForm['mode'];
  register: UseFormRegister<SimulateForm>;
  errors: FieldErrors<SimulateForm>;
}) {
  return (
    <>
      <FormField id={`${id}-remitter`} label="Remitter name" error={errors.remitter_name?.message}>
        {(p) => <Input {...p} {...register('remitter_name')} autoComplete="off" />}
      </FormField>
      {mode === 'UPI' ? (
        <FormField id={`${id}-upi`} label="Remitter UPI id" error={errors.remitter_upi_id?.message}>
          {(p) => <Input {...p} {...register('remitter_upi_id')} autoComplete="off" spellCheck={false} />}
        </FormField>
      ) : (
        <>
          <FormField
            id={`${id}-account`}
            label="Remitter account number"
            error={errors.remitter_account_number?.message}
          >
            {(p) => (
              <Input {...p} {...register('remitter_account_number')} inputMode="numeric" autoComplete="off" />
            )}
          </FormField>
          <FormField id={`${id}-ifsc`} label="Remitter IFSC" error={errors.remitter_ifsc?.message}>
            {(p) => <Input {...p} {...register('remitter_ifsc')} autoComplete="off" className="uppercase" />}
          </FormField>
        </>
      )}
    </>
  );
}

function SimulateAnswer({ result }: { result: Result }) {
  const returned = result.status === 'RETURNED';
  let title: string;
  if (result.duplicate) title = 'Duplicate UTR: this credit had already arrived, nothing new happened';
  else if (returned) title = 'Returned to the remitter';
  else title = 'Credited';
  return (
    <Alert variant={returned ? 'destructive' : 'default'} role="status">
      <CircleCheck aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <DetailList
          items={[
            ['Status', <StatusBadge key="s" status={result.status} variants={CREDIT_STATUS_VARIANTS} />],
            ...(returned ? ([['Return reason', result.return_reason]] as const) : []),
            ['Amount', <MoneyText key="a" value={result.amount} />],
            ['Virtual account', <Code key="va">{result.virtual_account_number}</Code>],
            ['UTR', <Code key="utr">{result.bank_reference_number}</Code>],
            ['Credit', <Code key="urn">{result.urn}</Code>],
          ]}
        />
      </AlertDescription>
    </Alert>
  );
}
