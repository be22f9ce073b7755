import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import Users from 'lucide-react/icons/users';
import type { Beneficiary } from '@meridian/contract';
import { EmptyState, PageFrame, type Crumb } from '@/components/layout/page-frame';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useUpdateBeneficiary } from '../../api/beneficiary-mutations';
import { editBeneficiarySearch, type EditBeneficiarySearch } from '../../edit-beneficiary-search';
import { FormErrorAlert } from '@/components/form/form-alert';
import { PendingApprovalAlert } from '@/components/form/pending-approval-alert';
import type { PendingApproval } from '@/lib/api/pending-approval';
import { mapServerError, setServerFieldErrors, type ServerErrorView } from '@/components/form/server-errors';
import { BeneficiaryFields } from './beneficiary-fields';
import {
  BENEFICIARY_FIELD_ALIASES,
  BENEFICIARY_FIELDS,
  beneficiaryFormSchema,
  changedFields,
  type BeneficiaryFormInput,
  type BeneficiaryFormOutput,
} from './beneficiary-schema';
import { BeneficiaryStatusCard } from './beneficiary-status';
import { useNameMismatch } from './name-mismatch';
import { VerifyAccount } from './verify-account';

const BREADCRUMB: Crumb[] = [
  { label: 'Flow', to: '/flow' },
  { label: 'Beneficiaries', to: '/flow/beneficiaries' },
  { label: 'Edit beneficiary' },
];

/** The form values of the beneficiary described by the URL. */
export function valuesFromSearch(search: EditBeneficiarySearch): BeneficiaryFormInput {
  return {
    beneficiary_code: search.beneficiaryCode,
    beneficiary_name: search.beneficiaryName,
    beneficiary_email: search.beneficiaryEmail,
    beneficiary_mobile: search.beneficiaryMobile,
    transfer_type: search.transferType,
    sender_account_number: search.senderAccountNumber,
    provider: search.provider,
    provider_code: search.providerCode,
    beneficiary_account_number: search.beneficiaryAccountNumber ?? '',
    ifsc_code: search.ifscCode ?? '',
    beneficiary_upi_id: search.beneficiaryUpiId ?? '',
  };
}

function valuesFromBeneficiary(b: Beneficiary): BeneficiaryFormInput {
  return {
    beneficiary_code: b.beneficiary_code,
    beneficiary_name: b.beneficiary_name,
    beneficiary_email: b.beneficiary_email ?? '',
    beneficiary_mobile: b.beneficiary_mobile ?? '',
    transfer_type: b.transfer_type,
    sender_account_number: b.sender_account_number,
    provider: b.provider,
    provider_code: b.provider_code,
    beneficiary_account_number: b.beneficiary_account_number ?? '',
    ifsc_code: b.ifsc_code ?? '',
    beneficiary_upi_id: b.beneficiary_upi_id ?? '',
  };
}

type Failure = Pick<ServerErrorView<string>, 'message' | 'unmatched'>;

/** The edit form's state and its submit: only the changed fields are sent; saved, held, or refused. */
function useEditBeneficiary(initial: BeneficiaryFormInput) {
  const navigate = useNavigate();
  const update = useUpdateBeneficiary();
  const [saved, setSaved] = useState(initial);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  // An approval rule held the change (202): the beneficiary stays as it was until it is approved.
  const [held, setHeld] = useState<PendingApproval | null>(null);
  const form = useForm<BeneficiaryFormInput, unknown, BeneficiaryFormOutput>({
    resolver: zodResolver(beneficiaryFormSchema),
    defaultValues: initial,
  });
  const mismatch = useNameMismatch(form);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setHeld(null);
    const body = changedFields(saved, values);
    setUnchanged(Object.keys(body).length === 0);
    if (Object.keys(body).length === 0) return;
    if (!mismatch.check()) return;
    try {
      const answer = await update.mutateAsync({
        code: saved.beneficiary_code,
        body: { ...body, ...mismatch.body() },
      });
      if (answer.pending) {
        // The form shows the beneficiary as it is; the alert says what waits.
        form.reset(saved);
        setHeld(answer.pending);
        return;
      }
      const beneficiary = answer.done;
      const next = valuesFromBeneficiary(beneficiary);
      setSaved(next);
      form.reset(next);
      toast.success(`Beneficiary ${beneficiary.beneficiary_code} updated`);
      // The URL describes the beneficiary as saved, so a reload shows what the server holds.
      await navigate({
        to: '/flow/edit-beneficiary',
        search: editBeneficiarySearch(beneficiary),
        replace: true,
      });
    } catch (error) {
      if (mismatch.refusedBy(error)) return;
      const view = mapServerError(error, BENEFICIARY_FIELDS, { aliases: BENEFICIARY_FIELD_ALIASES });
      setFailure(view);
      setServerFieldErrors(form.setError, view.fields);
    }
  });
  const discard = () => {
    form.reset(saved);
    setFailure(null);
    setUnchanged(false);
  };
  return { form, mismatch, saved, failure, unchanged, held, onSubmit, discard, pending: update.isPending };
}

/** The edit form: sends only the fields that changed (PATCH /v2/banking/beneficiary/{code}). */
function EditBeneficiaryForm({ initial }: { initial: BeneficiaryFormInput }) {
  const { form, mismatch, saved, failure, unchanged, held, onSubmit, discard, pending } =
    useEditBeneficiary(initial);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Edit beneficiary ${saved.beneficiary_code}`}
      className="flex max-w-3xl flex-col gap-8"
    >
      <FormErrorAlert
        title="The beneficiary was not updated"
        message={failure?.message ?? null}
        details={failure?.unmatched}
      />
      {held && (
        <PendingApprovalAlert what={`the change of ${saved.beneficiary_code}`} pending={held}>
          <p>The details below are the beneficiary as it is until an approver approves the change.</p>
        </PendingApprovalAlert>
      )}
      <BeneficiaryFields
        form={form}
        mode="edit"
        verify={<VerifyAccount form={form} onResult={mismatch.onVerified} />}
      />
      {mismatch.confirmation}
      {unchanged && (
        <Alert role="status">
          <AlertDescription>Nothing has changed: there is nothing to save.</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button variant="outline" onClick={discard} disabled={pending}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}

/** /flow/edit-beneficiary: the beneficiary from the URL's search parameters, its status, and its form. */
export function EditBeneficiaryPage({ search }: { search: EditBeneficiarySearch }) {
  if (!search.beneficiaryCode) {
    return (
      <PageFrame
        title="Edit beneficiary"
        description="Change the contact details and transfer settings of a beneficiary."
        breadcrumb={BREADCRUMB}
      >
        <EmptyState icon={Users} title="No beneficiary selected">
          Open a beneficiary from the{' '}
          <Link to="/flow/beneficiaries" className="text-primary underline underline-offset-4">
            beneficiaries list
          </Link>{' '}
          to edit it.
        </EmptyState>
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title="Edit beneficiary"
      description={
        <>
          Change the details of <span className="font-mono">{search.beneficiaryCode}</span>. Only what you
          change is sent.
        </>
      }
      breadcrumb={BREADCRUMB}
    >
      <BeneficiaryStatusCard code={search.beneficiaryCode} />
      <EditBeneficiaryForm key={search.beneficiaryCode} initial={valuesFromSearch(search)} />
    </PageFrame>
  );
}
