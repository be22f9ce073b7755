import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { useCreateBeneficiary } from '../../api/beneficiary-mutations';
import { FormErrorAlert } from '@/components/form/form-alert';
import { PendingApprovalAlert } from '@/components/form/pending-approval-alert';
import type { PendingApproval } from '@/lib/api/pending-approval';
import { mapServerError, setServerFieldErrors, type ServerErrorView } from '@/components/form/server-errors';
import { BeneficiaryFields } from './beneficiary-fields';
import {
  BENEFICIARY_FIELD_ALIASES,
  BENEFICIARY_FIELDS,
  beneficiaryFormSchema,
  emptyBeneficiary,
  toCreateBody,
  type BeneficiaryFormInput,
  type BeneficiaryFormOutput,
} from './beneficiary-schema';
import { useNameMismatch } from './name-mismatch';
import { VerifyAccount } from './verify-account';

type Failure = Pick<ServerErrorView<string>, 'message' | 'unmatched'>;

/** The add form's state and its submit: added (to the list), held for approval, or refused. */
function useAddBeneficiary() {
  const navigate = useNavigate();
  const create = useCreateBeneficiary();
  const [failure, setFailure] = useState<Failure | null>(null);
  // An approval rule held the beneficiary (202): it is not added yet, so the list would not show it.
  const [held, setHeld] = useState<{ code: string; pending: PendingApproval } | null>(null);
  const form = useForm<BeneficiaryFormInput, unknown, BeneficiaryFormOutput>({
    resolver: zodResolver(beneficiaryFormSchema),
    defaultValues: emptyBeneficiary(),
  });
  const mismatch = useNameMismatch(form);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (!mismatch.check()) return;
    try {
      const answer = await create.mutateAsync({ ...toCreateBody(values), ...mismatch.body() });
      if (answer.pending) {
        setHeld({ code: values.beneficiary_code, pending: answer.pending });
        return;
      }
      const saved = answer.done;
      toast.success(`Beneficiary ${saved.beneficiary_code} added`);
      await navigate({
        to: '/flow/beneficiaries',
        search: { search_key: 'beneficiary_code', search_value: saved.beneficiary_code },
      });
    } catch (error) {
      if (mismatch.refusedBy(error)) return;
      const view = mapServerError(error, BENEFICIARY_FIELDS, { aliases: BENEFICIARY_FIELD_ALIASES });
      setFailure(view);
      setServerFieldErrors(form.setError, view.fields);
    }
  });
  const addAnother = () => {
    form.reset(emptyBeneficiary());
    setHeld(null);
  };
  return { form, mismatch, failure, held, onSubmit, addAnother, pending: create.isPending };
}

/** An approval rule held the beneficiary: what waits, and the ways on. */
function HeldNotice({
  code,
  pending,
  onAddAnother,
}: {
  code: string;
  pending: PendingApproval;
  onAddAnother: () => void;
}) {
  return (
    <div className="flex max-w-3xl flex-col items-start gap-4">
      <PendingApprovalAlert what={`beneficiary ${code}`} pending={pending} focus>
        <p>It can be paid only once an approver approves it in Approvals.</p>
      </PendingApprovalAlert>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onAddAnother}>Add another beneficiary</Button>
        <Button variant="outline" asChild>
          <Link to="/flow/beneficiaries">Beneficiaries</Link>
        </Button>
      </div>
    </div>
  );
}

/** /flow/add-beneficiary: register a bank account or UPI id as a beneficiary (POST /v2/banking/beneficiary). */
export function AddBeneficiaryPage() {
  const { form, mismatch, failure, held, onSubmit, addAnother, pending } = useAddBeneficiary();

  return (
    <PageFrame
      title="Add beneficiary"
      description="Register a bank account or UPI id that you can pay."
      breadcrumb={[
        { label: 'Flow', to: '/flow' },
        { label: 'Beneficiaries', to: '/flow/beneficiaries' },
        { label: 'Add beneficiary' },
      ]}
    >
      {held ? (
        <HeldNotice code={held.code} pending={held.pending} onAddAnother={addAnother} />
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="New beneficiary"
          className="flex max-w-3xl flex-col gap-8"
        >
          <FormErrorAlert
            title="The beneficiary was not added"
            message={failure?.message ?? null}
            details={failure?.unmatched}
          />
          <BeneficiaryFields
            form={form}
            mode="create"
            verify={<VerifyAccount form={form} onResult={mismatch.onVerified} />}
          />
          {mismatch.confirmation}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving…' : 'Add beneficiary'}
            </Button>
          </div>
        </form>
      )}
    </PageFrame>
  );
}
