import { useId, useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CreateVirtualAccount } from '@meridian/contract/accounts';
import { FormErrorAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { mapServerError, setServerFieldErrors, type ServerErrorView } from '@/components/form/server-errors';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { todayIn } from '@/components/data-table';
import { timeZonePreference } from '@/lib/preferences/display';
import { useCreateVirtualAccount } from '../api/virtual-accounts';
import { AllowedPayersField } from './allowed-payers-field';
import { MoneyInput } from './money-input';
import { createVaFields, createVaFormSchema, emptyCreateVa, type CreateVaForm } from './va-forms';

type Failure = Pick<ServerErrorView<string>, 'message' | 'unmatched'>;

/** The "Create virtual account" dialog: POST /v2/banking/account/virtual; the list refreshes on success. */
export function CreateVirtualAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          layout={null}
          className="top-1/2 left-1/2 max-h-[90svh] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 grid-cols-1 gap-4 overflow-y-auto rounded-lg p-4 sm:max-w-xl sm:p-6"
        >
          <DialogHeader className="pr-8">
            <DialogTitle>Create virtual account</DialogTitle>
            <DialogDescription>
              An account number and UPI id your customer pays into; the money is credited to you.
            </DialogDescription>
          </DialogHeader>
          <CreateVirtualAccountForm onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The create form's state (with its payer rows) and its submit; the server's field errors land on their fields. */
function useCreateVaForm(onDone: () => void) {
  const create = useCreateVirtualAccount();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<CreateVaForm, unknown, CreateVirtualAccount>({
    resolver: zodResolver(createVaFormSchema),
    defaultValues: emptyCreateVa(),
  });
  const payers = useFieldArray({ control: form.control, name: 'allowed_payers' });

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const va = await create.mutateAsync(body);
      toast.success(`Virtual account ${va.account_number} created`, { description: va.name });
      onDone();
    } catch (error) {
      const view = mapServerError(error, createVaFields(payers.fields.length));
      setFailure(view);
      setServerFieldErrors(form.setError, view.fields as Partial<Record<FieldPath<CreateVaForm>, string>>);
    }
  });
  return { form, payers, failure, onSubmit, pending: create.isPending };
}

export function CreateVirtualAccountForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const { form, payers, failure, onSubmit, pending } = useCreateVaForm(onDone);
  const today = todayIn(timeZonePreference.use());
  const errors = form.formState.errors;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New virtual account" className="flex flex-col gap-5">
      <FormErrorAlert
        title="The virtual account was not created"
        message={failure?.message ?? null}
        details={failure?.unmatched}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
          {(p) => <Input {...p} {...form.register('name')} autoComplete="off" />}
        </FormField>
        <FormField
          id={`${id}-customer`}
          label="Customer ID"
          hint="Your own id of the customer who pays in"
          error={errors.customer_id?.message}
        >
          {(p) => <Input {...p} {...form.register('customer_id')} autoComplete="off" spellCheck={false} />}
        </FormField>
        <MoneyInput
          id={`${id}-amount`}
          label="Expected amount"
          optional
          hint="Only a credit of exactly this amount is accepted"
          value={form.watch('expected_amount')}
          registration={form.register('expected_amount')}
          error={errors.expected_amount?.message}
        />
        <FormField
          id={`${id}-expiry`}
          label="Expires on"
          optional
          hint="Credits after this day are returned"
          error={errors.expires_on?.message}
        >
          {(p) => <Input {...p} {...form.register('expires_on')} type="date" min={today} />}
        </FormField>
      </div>

      <AllowedPayersField id={id} register={form.register} payers={payers} errors={errors.allowed_payers} />

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create virtual account'}
        </Button>
      </div>
    </form>
  );
}
