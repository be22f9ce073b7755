import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CreditAdjustment, type Company } from '@meridian/contract/accounts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { FormErrorAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useIdempotentSubmission } from '@/components/form/idempotency';
import { mapServerError, setServerFieldErrors, type ServerErrorView } from '@/components/form/server-errors';
import { useAdjustCredits, type AdjustmentKind } from './api';

const credits = new Intl.NumberFormat('en-IN');
export const formatCredits = (n: number) => credits.format(n);

const adjustFormSchema = z.object({
  credits: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'Enter a whole number of credits')
    .transform(Number)
    .pipe(CreditAdjustment.shape.credits),
  reason: CreditAdjustment.shape.reason,
});
type AdjustForm = z.input<typeof adjustFormSchema>;
type AdjustValues = z.output<typeof adjustFormSchema>;
const FIELDS = ['credits', 'reason'] as const;
const EMPTY: AdjustForm = { credits: '', reason: '' };

const TEXT = {
  load: { title: 'Load credits', verb: 'Load', done: 'Credits loaded', sign: 1 },
  unload: { title: 'Unload credits', verb: 'Unload', done: 'Credits unloaded', sign: -1 },
} as const;

type Failure = Pick<ServerErrorView<string>, 'message' | 'unmatched'>;

/** The adjust form's state: the form, the adjustment waiting for confirmation, and the last failure. */
function useAdjust(kind: AdjustmentKind, company: Company, onClose: () => void) {
  const text = TEXT[kind];
  const adjust = useAdjustCredits();
  const submission = useIdempotentSubmission();
  const [pending, setPending] = useState<CreditAdjustment | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<AdjustForm, unknown, AdjustValues>({
    resolver: zodResolver(adjustFormSchema),
    defaultValues: EMPTY,
  });

  const onReview = form.handleSubmit((values) => {
    setFailure(null);
    if (kind === 'unload' && values.credits > company.credits) {
      form.setError('credits', {
        type: 'balance',
        message: `Insufficient credits: ${company.company_name} has ${formatCredits(company.credits)}`,
      });
      return;
    }
    setPending(CreditAdjustment.parse({ client_id: company.client_id, ...values }));
  });

  const onConfirm = async () => {
    if (!pending) return;
    setFailure(null);
    try {
      const result = await adjust.mutateAsync({
        kind,
        body: pending,
        idempotencyKey: submission.keyFor({ kind, ...pending }),
      });
      submission.settle();
      if ('approval_urn' in result) toast.success('Waiting for approval', { description: result.message });
      else
        toast.success(text.done, {
          description: `${company.company_name}: balance ${formatCredits(result.credits)} credits`,
        });
      onClose();
    } catch (error) {
      submission.settle(error);
      const view = mapServerError(error, FIELDS);
      setFailure(view);
      if (Object.keys(view.fields).length > 0) {
        setPending(null);
        setServerFieldErrors(form.setError, view.fields);
      }
    }
  };

  return {
    form,
    pending,
    back: () => setPending(null),
    failure,
    saving: adjust.isPending,
    onReview,
    onConfirm,
  };
}

/**
 * Load or unload a company's credits: credits and a reason (the contract's CreditAdjustment), then a
 * confirmation with the balance after. Confirming sends the submission's Idempotency-Key; confirming again
 * after an unknown outcome (network, 5xx) reuses it, so the credits move once.
 */
function AdjustForm({
  kind,
  company,
  onClose,
}: {
  kind: AdjustmentKind;
  company: Company;
  onClose: () => void;
}) {
  const text = TEXT[kind];
  const { form, pending, back, failure, saving, onReview, onConfirm } = useAdjust(kind, company, onClose);
  const errors = form.formState.errors;
  const id = `credits-${kind}`;

  if (pending)
    return (
      <AdjustConfirm
        kind={kind}
        company={company}
        pending={pending}
        failure={failure}
        saving={saving}
        onBack={back}
        onConfirm={() => void onConfirm()}
      />
    );

  return (
    <form onSubmit={onReview} noValidate aria-label={text.title} className="flex flex-col gap-4">
      <FormErrorAlert
        title={`The credits were not ${kind}ed`}
        message={failure?.message ?? null}
        details={failure?.unmatched}
      />
      <p className="text-sm">
        Current balance: <span className="font-medium tabular-nums">{formatCredits(company.credits)}</span>{' '}
        credits
      </p>
      <FormField
        id={`${id}-amount`}
        label="Credits"
        hint="A whole number, 1 to 10,000,000"
        error={errors.credits?.message}
      >
        {(p) => <Input {...p} {...form.register('credits')} inputMode="numeric" autoComplete="off" />}
      </FormField>
      <FormField
        id={`${id}-reason`}
        label="Reason"
        hint="3 to 200 characters; shown in the company's credit history"
        error={errors.reason?.message}
      >
        {(p) => <Textarea {...p} {...form.register('reason')} maxLength={200} rows={3} />}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">Review</Button>
      </div>
    </form>
  );
}

/** The adjustment to confirm: company, credits, reason, the balance now and after; Back, or Confirm. */
function AdjustConfirm({
  kind,
  company,
  pending,
  failure,
  saving,
  onBack,
  onConfirm,
}: {
  kind: AdjustmentKind;
  company: Company;
  pending: CreditAdjustment;
  failure: Failure | null;
  saving: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const text = TEXT[kind];
  const after = company.credits + text.sign * pending.credits;
  return (
    <div className="flex flex-col gap-4">
      <FormErrorAlert
        title={`The credits were not ${kind}ed`}
        message={failure?.message ?? null}
        details={failure?.unmatched}
      />
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Company</dt>
        <dd className="font-medium">
          {company.company_name} ({company.client_id})
        </dd>
        <dt className="text-muted-foreground">{text.verb}</dt>
        <dd className="font-medium tabular-nums">{formatCredits(pending.credits)} credits</dd>
        <dt className="text-muted-foreground">Reason</dt>
        <dd className="font-medium break-words">{pending.reason}</dd>
        <dt className="text-muted-foreground">Balance now</dt>
        <dd className="tabular-nums">{formatCredits(company.credits)}</dd>
        <dt className="text-muted-foreground">Balance after</dt>
        <dd className="font-semibold tabular-nums">{formatCredits(after)}</dd>
      </dl>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onBack} disabled={saving}>
          Back
        </Button>
        <Button onClick={onConfirm} disabled={saving}>
          {saving
            ? 'Saving…'
            : failure
              ? `Try again: ${kind} ${formatCredits(pending.credits)}`
              : `Confirm: ${kind} ${formatCredits(pending.credits)}`}
        </Button>
      </div>
    </div>
  );
}

export function AdjustCreditsDialog({
  kind,
  company,
  open,
  onOpenChange,
}: {
  kind: AdjustmentKind;
  company: Company;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent className="max-h-[90svh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>
              {TEXT[kind].title}: {company.company_name}
            </DialogTitle>
            <DialogDescription>
              {kind === 'load' ? 'Adds credits to' : 'Takes credits from'} the company&apos;s balance;
              recorded with your name and the reason.
            </DialogDescription>
          </DialogHeader>
          <AdjustForm kind={kind} company={company} onClose={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}
