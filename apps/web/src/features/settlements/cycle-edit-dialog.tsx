import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { SETTLEMENT_TYPES, UpdateSettlementCycle, type SettlementCycle } from '@meridian/contract/accounts';
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
import { addRunTime, MAX_RUN_TIMES, removeRunTime } from './run-times';
import { typeLabel } from './statuses';

/** Every field of the edit form is required (the contract's PUT body takes any of them). */
const cycleFormSchema = UpdateSettlementCycle.required();
type CycleForm = z.input<typeof cycleFormSchema>;
type CycleBody = z.output<typeof cycleFormSchema>;
const FIELDS = ['name', 'type', 'run_times', 'min_amount', 'enabled'] as const;

const fromCycle = (c: SettlementCycle): CycleForm => ({
  name: c.name,
  type: c.type,
  run_times: [...c.run_times],
  min_amount: c.min_amount,
  enabled: c.enabled,
});

/** The form inside the dialog (mounted when it opens, so every opening starts from the cycle). */
function CycleEditForm({ cycle, onClose }: { cycle: SettlementCycle; onClose: () => void }) {
  const update = useUpdateCycle();
  const [failure, setFailure] = useState<Pick<ServerErrorView<string>, 'message' | 'unmatched'> | null>(null);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const form = useForm<CycleForm, unknown, CycleBody>({
    resolver: zodResolver(cycleFormSchema),
    defaultValues: fromCycle(cycle),
  });
  const errors = form.formState.errors;
  const id = `cycle-${cycle.cycle_id}`;

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
      <Controller
        control={form.control}
        name="run_times"
        render={({ field, fieldState }) => {
          const times = field.value ?? [];
          const add = () => {
            const next = addRunTime(times, draft);
            if (next === null) {
              setDraftError(
                times.length >= MAX_RUN_TIMES
                  ? 'At most 6 run times a day'
                  : 'A run time is HH:mm (24-hour), e.g. 10:30',
              );
              return;
            }
            setDraftError(null);
            setDraft('');
            field.onChange(next);
          };
          const error = draftError ?? fieldState.error?.message ?? errors.run_times?.root?.message;
          return (
            <fieldset
              className="flex flex-col gap-2"
              aria-describedby={error ? `${id}-times-error` : undefined}
            >
              <legend className="text-sm font-medium">Run times ({cycle.time_zone})</legend>
              <ul className="flex flex-wrap gap-2" aria-label="Run times">
                {times.map((t) => (
                  <li
                    key={t}
                    className="flex items-center gap-1 rounded-md border py-0.5 pr-0.5 pl-2 font-mono text-sm"
                  >
                    {t}
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove run time ${t}`}
                      onClick={() => field.onChange(removeRunTime(times, t))}
                    >
                      ×
                    </Button>
                  </li>
                ))}
                {times.length === 0 && <li className="text-sm text-muted-foreground">No run times</li>}
              </ul>
              <div className="flex items-end gap-2">
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-new-time`}>New run time</Label>
                  <Input
                    id={`${id}-new-time`}
                    value={draft}
                    placeholder="HH:mm"
                    inputMode="numeric"
                    maxLength={5}
                    autoComplete="off"
                    className="w-28 font-mono"
                    onChange={(e) => setDraft(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        add();
                      }
                    }}
                  />
                </div>
                <Button type="button" variant="outline" onClick={add}>
                  Add time
                </Button>
              </div>
              {error && (
                <p id={`${id}-times-error`} className="text-xs text-destructive">
                  {error}
                </p>
              )}
            </fieldset>
          );
        }}
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
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save cycle'}
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
