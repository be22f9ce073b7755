import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import BadgeCheck from 'lucide-react/icons/badge-check';
import { ValidateAccount, type Validation } from '@meridian/contract';
import { Button } from '@/components/ui/button';
import { useValidateAccount } from '../../api/validate-account';
import { FormErrorAlert } from '@/components/form/form-alert';
import { useIdempotentSubmission } from '@/components/form/idempotency';
import { serverErrorMessage } from '@/components/form/server-errors';
import { ValidationResultCard } from '../validation-result';
import type { BeneficiaryForm } from './beneficiary-fields';

/** The check's state: the answer for the details the form still holds, the failure, and the check itself. */
function useVerifyAccount(form: BeneficiaryForm, onResult?: (validation: Validation | null) => void) {
  const validate = useValidateAccount();
  const submission = useIdempotentSubmission();
  const [result, setResult] = useState<Validation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [account, ifsc, name] = useWatch({
    control: form.control,
    name: ['beneficiary_account_number', 'ifsc_code', 'beneficiary_name'],
  });
  // A result only describes the details it checked.
  const current =
    result &&
    result.beneficiary_account_number === account.trim() &&
    result.ifsc_code === ifsc.trim().toUpperCase()
      ? result
      : null;

  const onVerify = async () => {
    setFailure(null);
    const ok = await form.trigger(['beneficiary_account_number', 'ifsc_code', 'beneficiary_name'], {
      shouldFocus: true,
    });
    if (!ok) return;
    const parsed = ValidateAccount.safeParse({
      beneficiary_account_number: account,
      ifsc_code: ifsc,
      beneficiary_name: name,
    });
    if (!parsed.success) {
      setFailure('Enter the account number, IFSC and name first.');
      return;
    }
    try {
      const validation = await validate.mutateAsync({
        body: parsed.data,
        idempotencyKey: submission.keyFor(parsed.data),
      });
      submission.settle();
      setResult(validation);
      onResult?.(validation);
    } catch (error) {
      submission.settle(error);
      setResult(null);
      onResult?.(null);
      setFailure(serverErrorMessage(error));
    }
  };
  return { current, name, failure, onVerify, pending: validate.isPending };
}

/**
 * Optional penny-drop check before saving: validates the entered account number and IFSC with the bank
 * and scores the entered name against the registered holder's name (green only for MATCH, amber for PARTIAL,
 * red for NO_MATCH). Each check is charged. `onResult` hears each answer (the form asks to confirm a mismatch).
 */
export function VerifyAccount({
  form,
  onResult,
}: {
  form: BeneficiaryForm;
  onResult?: (validation: Validation | null) => void;
}) {
  const { current, name, failure, onVerify, pending } = useVerifyAccount(form, onResult);

  const applyRegisteredName = () => {
    if (!current?.registered_name) return;
    form.setValue('beneficiary_name', current.registered_name, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-dashed p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" id="verify-account-hint">
          Optional: check the account with the bank before saving. Each check is charged a fee, shown with the
          result.
        </p>
        <Button
          variant="secondary"
          onClick={() => void onVerify()}
          disabled={pending}
          aria-describedby="verify-account-hint"
        >
          <BadgeCheck aria-hidden />
          {pending ? 'Verifying…' : 'Verify account'}
        </Button>
      </div>
      <FormErrorAlert title="The account could not be verified" message={failure} />
      {current && (
        <ValidationResultCard
          validation={current}
          headingLevel="h3"
          actions={
            current.registered_name && current.registered_name !== name.trim() ? (
              <Button variant="outline" onClick={applyRegisteredName}>
                Use registered name
              </Button>
            ) : null
          }
        />
      )}
    </div>
  );
}
