import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Payout } from '@meridian/contract';
import { useInitiatePayout } from '../../api/initiate-payout';
import { FormErrorAlert } from '@/components/form/form-alert';
import { isOutcomeUnknown, useIdempotentSubmission } from '@/components/form/idempotency';
import { mapServerError, setServerFieldErrors } from '@/components/form/server-errors';
import { PayoutConfirmStep } from './payout-confirm';
import { PayoutFormStep } from './payout-form';
import { PayoutResultStep } from './payout-result';
import {
  emptyPayout,
  PAYOUT_ERROR_FIELDS,
  PAYOUT_FIELDS,
  payoutFormSchema,
  type PayoutFormInput,
  type PayoutFormOutput,
} from './payout-schema';

type Step =
  { name: 'form' } | { name: 'confirm'; payout: PayoutFormOutput } | { name: 'result'; payout: Payout };

interface Failure {
  message: string;
  details: string[];
  /** The outcome is unknown: a retry reuses the idempotency key. */
  retry: boolean;
}

const STEP_LABELS = ['Details', 'Confirm', 'Status'] as const;

function Steps({ current }: { current: number }) {
  return (
    <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label="Payout steps">
      {STEP_LABELS.map((label, i) => (
        <li
          key={label}
          aria-current={i === current ? 'step' : undefined}
          className={i === current ? 'font-medium text-foreground' : 'text-muted-foreground'}
        >
          <span className="mr-2 inline-flex size-6 items-center justify-center rounded-full border text-xs tabular-nums">
            {i + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}

/** The wizard's state: the form, the step, the last failure, and the review, confirm and new-payout actions. */
function usePayoutWizard() {
  const form = useForm<PayoutFormInput, unknown, PayoutFormOutput>({
    resolver: zodResolver(payoutFormSchema),
    defaultValues: emptyPayout(),
  });
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [failure, setFailure] = useState<Failure | null>(null);
  const submission = useIdempotentSubmission();
  const initiate = useInitiatePayout();

  const onReview = form.handleSubmit((payout) => {
    setFailure(null);
    setStep({ name: 'confirm', payout });
  });

  const onConfirm = async () => {
    if (step.name !== 'confirm' || initiate.isPending) return;
    const body = step.payout;
    const idempotencyKey = submission.keyFor(body);
    setFailure(null);
    try {
      const created = await initiate.mutateAsync({ body, idempotencyKey });
      submission.settle();
      setStep({ name: 'result', payout: created });
    } catch (error) {
      submission.settle(error);
      const view = mapServerError(error, PAYOUT_FIELDS, { byErrorKey: PAYOUT_ERROR_FIELDS });
      const onFields = Object.keys(view.fields).length > 0;
      // A refusal about a field (even a 409 such as a reused reference) is definite: fix it on the form.
      const retry = isOutcomeUnknown(error) && !onFields;
      setFailure({ message: view.message, details: view.unmatched, retry });
      if (onFields) {
        // Back to the details, with the server's word on each field (rendered first, so focus can land).
        flushSync(() => setStep({ name: 'form' }));
        setServerFieldErrors(form.setError, view.fields);
      }
    }
  };

  const onNewPayout = () => {
    submission.reset();
    setFailure(null);
    form.reset(emptyPayout());
    setStep({ name: 'form' });
  };

  const onBack = () => {
    setFailure(null);
    setStep({ name: 'form' });
  };
  return { form, step, failure, onReview, onConfirm, onNewPayout, onBack, pending: initiate.isPending };
}

/**
 * Initiate a payout in three steps: details → confirm → live status. Confirming sends the payout with an
 * idempotency key made once per confirmed submission and reused when the same submission is retried after
 * an unknown outcome (network error, timeout, 5xx, 409 in flight). Field errors of the server go back onto
 * the form; other failures are shown on the confirm step.
 */
export function PayoutWizard({ pollMs }: { pollMs?: number }) {
  const { form, step, failure, onReview, onConfirm, onNewPayout, onBack, pending } = usePayoutWizard();

  const alert = (
    <FormErrorAlert
      title={failure?.retry ? 'The payout may not have been sent' : 'The payout was not sent'}
      message={failure ? failure.message : null}
      details={failure?.details}
    />
  );

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <Steps current={step.name === 'form' ? 0 : step.name === 'confirm' ? 1 : 2} />
      {step.name === 'form' && (
        <>
          {alert}
          <PayoutFormStep form={form} onReview={onReview} />
        </>
      )}
      {step.name === 'confirm' && (
        <PayoutConfirmStep
          payout={step.payout}
          pending={pending}
          retry={failure?.retry ?? false}
          onBack={onBack}
          onConfirm={() => void onConfirm()}
        >
          {failure && (
            <>
              {alert}
              {failure.retry && (
                <p className="text-sm text-muted-foreground">
                  Trying again is safe: the same request is sent, so the payout is made at most once.
                </p>
              )}
            </>
          )}
        </PayoutConfirmStep>
      )}
      {step.name === 'result' && (
        <PayoutResultStep created={step.payout} onNewPayout={onNewPayout} pollMs={pollMs} />
      )}
    </div>
  );
}
