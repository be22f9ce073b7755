import { useId, useRef, useState, type RefObject } from 'react';
import { useWatch } from 'react-hook-form';
import { NAME_MISMATCH_UNCONFIRMED, type Validation } from '@meridian/contract';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { isApiError } from '@/lib/api';
import { normalizeIfsc } from '../../api/ifsc';
import type { BeneficiaryForm } from './beneficiary-fields';

/** The details a mismatch was found for: it holds while the form still names them. */
type Subject = { name: string; account: string; ifsc: string };
type Mismatch = Subject & { message: string };

const subjectOf = (name: string, account: string, ifsc: string): Subject => ({
  name: name.trim(),
  account: account.trim(),
  ifsc: normalizeIfsc(ifsc.trim()),
});
const same = (a: Subject, b: Subject) => a.name === b.name && a.account === b.account && a.ifsc === b.ifsc;

/** The mismatch "Verify account" found, while the form still holds the details it checked. */
function verifiedMismatch(verified: Validation | null, current: Subject): Mismatch | null {
  return verified?.status === 'SUCCESS' &&
    (verified.name_match === 'PARTIAL' || verified.name_match === 'NO_MATCH') &&
    same(current, subjectOf(verified.name_given, verified.beneficiary_account_number, verified.ifsc_code))
    ? {
        ...current,
        message: `The bank has this account under the name ${verified.registered_name ?? '-'}: "${current.name}" is ${
          verified.name_match === 'PARTIAL' ? 'only a partial match' : 'not a match'
        } (${verified.name_match_score ?? 0}%).`,
      }
    : null;
}

/** The warning with the checkbox that confirms saving the name anyway. */
function MismatchConfirmation({
  id,
  mismatch,
  checkbox,
  confirmed,
  error,
  onConfirmed,
}: {
  id: string;
  mismatch: Mismatch;
  checkbox: RefObject<HTMLInputElement | null>;
  confirmed: boolean;
  error: string | null;
  onConfirmed: (confirmed: boolean) => void;
}) {
  return (
    <Alert variant="warning" role="group" aria-labelledby={`${id}-title`}>
      <AlertTitle id={`${id}-title`}>The name does not match the bank&apos;s records</AlertTitle>
      <AlertDescription className="flex flex-col gap-2">
        <p>{mismatch.message}</p>
        <label className="flex items-center gap-2 font-medium">
          <input
            ref={checkbox}
            type="checkbox"
            className="size-4 accent-primary"
            checked={confirmed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => onConfirmed(e.target.checked)}
          />
          Save under &quot;{mismatch.name}&quot; anyway: I confirm the name does not match
        </label>
        {error && (
          <p id={`${id}-error`} className="text-destructive">
            {error}
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}

/**
 * Saving a beneficiary whose name does not match the account's holder needs an explicit confirmation: when the
 * form's "Verify account" answered PARTIAL or NO_MATCH for the name, account and IFSC the form still holds, or
 * when the server refused the save with 422 `name_mismatch_unconfirmed` (it scores the name against the account's
 * latest validation), a checkbox asks for it; submitting without it is blocked, and with it the body carries
 * `confirm_name_mismatch: true`.
 */
export function useNameMismatch(form: BeneficiaryForm) {
  const [verified, setVerified] = useState<Validation | null>(null);
  const [refused, setRefused] = useState<Mismatch | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkbox = useRef<HTMLInputElement>(null);
  const id = useId();
  const [name, account, ifsc, transferType] = useWatch({
    control: form.control,
    name: ['beneficiary_name', 'beneficiary_account_number', 'ifsc_code', 'transfer_type'],
  });
  const current = subjectOf(name, account, ifsc);

  const fromVerify = verifiedMismatch(verified, current);
  const mismatch =
    transferType === 'UPI' ? null : (fromVerify ?? (refused && same(current, refused) ? refused : null));

  return {
    /** For VerifyAccount: the latest answer of "Verify account". */
    onVerified: setVerified,
    /** Whether the save may go ahead; else the confirmation's error is shown and focused. */
    check(): boolean {
      if (!mismatch || confirmed) return true;
      setError('Confirm that you want to save this name, or use the registered name.');
      checkbox.current?.focus();
      return false;
    },
    /** What the save's body adds: the confirmation, when there is a mismatch to confirm. */
    body(): { confirm_name_mismatch?: true } {
      return mismatch && confirmed ? { confirm_name_mismatch: true } : {};
    },
    /** Takes the server's refusal of an unconfirmed mismatch (true when it was one: the form shows it itself). */
    refusedBy(err: unknown): boolean {
      if (!isApiError(err) || typeof err.data !== 'object' || err.data === null) return false;
      if ((err.data as { error?: unknown }).error !== NAME_MISMATCH_UNCONFIRMED) return false;
      setRefused({ ...current, message: err.message });
      setConfirmed(false);
      setError('Confirm that you want to save this name, or use the registered name.');
      requestAnimationFrame(() => checkbox.current?.focus());
      return true;
    },
    confirmation: mismatch ? (
      <MismatchConfirmation
        id={id}
        mismatch={mismatch}
        checkbox={checkbox}
        confirmed={confirmed}
        error={error}
        onConfirmed={(checked) => {
          setConfirmed(checked);
          if (checked) setError(null);
        }}
      />
    ) : null,
  };
}
