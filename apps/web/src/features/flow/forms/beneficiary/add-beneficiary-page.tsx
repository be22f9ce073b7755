import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { useCreateBeneficiary } from '../../api/beneficiary-mutations';
import { FormErrorAlert } from '@/components/form/form-alert';
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

/** /flow/add-beneficiary: register a bank account or UPI id as a beneficiary (POST /v2/banking/beneficiary). */
export function AddBeneficiaryPage() {
  const navigate = useNavigate();
  const create = useCreateBeneficiary();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<BeneficiaryFormInput, unknown, BeneficiaryFormOutput>({
    resolver: zodResolver(beneficiaryFormSchema),
    defaultValues: emptyBeneficiary(),
  });
  const mismatch = useNameMismatch(form);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (!mismatch.check()) return;
    try {
      const saved = await create.mutateAsync({ ...toCreateBody(values), ...mismatch.body() });
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
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Add beneficiary'}
          </Button>
        </div>
      </form>
    </PageFrame>
  );
}
