import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SETTLEMENT_TYPES, type SettlementCycle } from '@meridian/contract/accounts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import { FormErrorAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { mapServerError, setServerFieldErrors, type ServerErrorView } from '@/components/form/server-errors';
import { useUpdateCycle } from './api';
import { cycleFormSchema, FIELDS, fromCycle, type CycleBody, type CycleForm } from './cycle-form';
import { RunTimesField } from './run-times-field';
import { typeLabel } from './statuses';

/** The edit form's state and its submit: save the cycle, or show what the server refused. */
function useCycleEditForm(cycle: SettlementCycle, onClose: () => void) {
  const update = useUpdateCycle();
  const [failure, setFailure] = useState<Pick<ServerErrorView<string>, 'message' | 'unmatched'> | null>(null);
  const form = useForm<CycleForm, unknown, CycleBody>({
    resolver: zodResolver(cycleFormSchema),
    defaultValues: fromCycle(cycle),
  });
  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await update.mutateAsync({ cycleId: cycle.cycle_id, body });
      toast.success('Settlement cycle saved', { description: body.name });
      onClose();
    } catch (error) {
      const view = mapServerError(error, FIELDS);
      setFailure(view);
      setServerFieldErrors(form.setError, view.fields);
    }
  });
  return { form, failure, onSubmit, pending: update.isPending };
}

/** The form inside the dialog (mounted when it opens, so every opening starts from the cycle). */
function CycleEditForm({ cycle, onClose }: { cycle: SettlementCycle; onClose: () => void }) {
  const { form, failure, onSubmit, pending } = useCycleEditForm(cycle, onClose);
  const errors = form.formState.errors;
  const id = `cycle-${cycle.cycle_id}`;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit ${cycle.name}`} className="flex flex-col gap-4">
      <FormErrorAlert
        title="The cycle was not saved"
        message={failure?.message ?? null}
        details={failure?.unmatched}
      />
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        {(p) => <Input {...p} {...form.register('name')} maxLength={60} autoComplete="off" />}
      </FormField>
      <FormField
        id={`${id}-type`}
        label="Type"
        hint="T+0 settles the same day at every run time; T+1 settles the previous day at the first."
        error={errors.type?.message}
      >
        {(p) => (
          <Select {...p} {...form.register('type')}>
            {SETTLEMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <RunTimesField
        control={form.control}
        id={id}
        timeZone={cycle.time_zone}
        rootError={errors.run_times?.root?.message}
      />
      <FormField
        id={`${id}-min`}
        label="Minimum amount (₹)"
        hint="A window with less than this is not settled."
        error={errors.min_amount?.message}
      >
        {(p) => <Input {...p} {...form.register('min_amount')} inputMode="decimal" autoComplete="off" />}
      </FormField>
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Switch id={`${id}-enabled`} checked={field.value ?? false} onCheckedChange={field.onChange} />
            <Label htmlFor={`${id}-enabled`}>Enabled</Label>
          </div>
        )}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save cycle'}
        </Button>
      </div>
    </form>
  );
}

export function CycleEditDialog({
  cycle,
  open,
  onOpenChange,
}: {
  cycle: SettlementCycle;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent className="max-h-[90svh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Edit {cycle.name}</DialogTitle>
            <DialogDescription>Name, type, run times, minimum amount and whether it runs.</DialogDescription>
          </DialogHeader>
          <CycleEditForm cycle={cycle} onClose={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}
