import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ValidateAccount, Validation } from '@meridian/contract';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useValidateAccount } from '../../api/validate-account';
import { FormErrorAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useIdempotentSubmission } from '@/components/form/idempotency';
import { IfscField } from '../ifsc-field';
import { mapServerError, setServerFieldErrors, type ServerErrorView } from '@/components/form/server-errors';
import { ValidationResultCard } from '../validation-result';
import { EMPTY, FIELDS, validateFormSchema, type ValidateFormInput } from './validate-form';

type Failure = Pick<ServerErrorView<string>, 'message' | 'unmatched'>;
type ValidateForm = UseFormReturn<ValidateFormInput, unknown, ValidateAccount>;

/** The form's state, the bank's answer and the check, with an idempotency key per submission. */
function useValidateForm() {
  const validate = useValidateAccount();
  const submission = useIdempotentSubmission();
  const [result, setResult] = useState<Validation | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<ValidateFormInput, unknown, ValidateAccount>({
    resolver: zodResolver(validateFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    setResult(null);
    try {
      const validation = await validate.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.settle();
      setResult(validation);
    } catch (error) {
      submission.settle(error);
      const view = mapServerError(error, FIELDS);
      setFailure(view);
      setServerFieldErrors(form.setError, view.fields);
    }
  });

  const onAnother = () => {
    setResult(null);
    setFailure(null);
    form.reset(EMPTY);
    form.setFocus('beneficiary_account_number');
  };
  return { form, result, failure, onSubmit, onAnother, pending: validate.isPending };
}

/** The account number, IFSC (with its bank), expected name and the optional reference. */
function ValidateFields({ form }: { form: ValidateForm }) {
  const errors = form.formState.errors;
  const ifsc = useWatch({ control: form.control, name: 'ifsc_code' });
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <FormField
        id="validate-account"
        label="Account number"
        hint="9 to 18 digits"
        error={errors.beneficiary_account_number?.message}
      >
        {(p) => (
          <Input
            {...p}
            {...form.register('beneficiary_account_number')}
            inputMode="numeric"
            autoComplete="off"
            className="font-mono"
          />
        )}
      </FormField>
      <IfscField
        id="validate-ifsc"
        registration={form.register('ifsc_code')}
        value={ifsc}
        error={errors.ifsc_code?.message}
      />
      <FormField
        id="validate-name"
        label="Account holder's name"
        hint="The name you expect; it is scored against the name the bank has."
        error={errors.beneficiary_name?.message}
      >
        {(p) => <Input {...p} {...form.register('beneficiary_name')} autoComplete="off" />}
      </FormField>
      <FormField
        id="validate-reference"
        label="Customer reference number"
        optional
        hint="Your own reference for this check: letters, digits, _ or -"
        error={errors.customer_reference_number?.message}
      >
        {(p) => (
          <Input
            {...p}
            {...form.register('customer_reference_number')}
            maxLength={40}
            autoComplete="off"
            className="font-mono"
          />
        )}
      </FormField>
    </div>
  );
}

/**
 * /flow/validate: a penny-drop check of one bank account (POST validate_account): the bank's registered
 * name, how well the expected name matches it, the bank reference and the fee.
 */
export function ValidatePage() {
  const { form, result, failure, onSubmit, onAnother, pending } = useValidateForm();

  return (
    <PageFrame
      title="Validate an account"
      description="Check that a bank account exists and see the account holder's name before you pay it."
      breadcrumb={[{ label: 'Flow', to: '/flow' }, { label: 'Validate an account' }]}
      actions={
        <Button asChild variant="outline">
          <Link to="/flow/validate-bank-account">All validations</Link>
        </Button>
      }
    >
      <div className="flex max-w-3xl flex-col gap-6">
        <form onSubmit={onSubmit} noValidate aria-label="Account to validate" className="flex flex-col gap-6">
          <FormErrorAlert
            title="The account was not validated"
            message={failure?.message ?? null}
            details={failure?.unmatched}
          />
          <ValidateFields form={form} />
          <p className="text-sm text-muted-foreground">
            A small amount is credited to the account to confirm it; each check is charged a fee, shown with
            the result.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? 'Validating…' : 'Validate account'}
            </Button>
          </div>
        </form>
        <p role="status" className="sr-only">
          {result
            ? result.status === 'SUCCESS'
              ? 'Account verified'
              : 'The account could not be verified'
            : ''}
        </p>
        {result && (
          <ValidationResultCard
            validation={result}
            actions={
              <>
                <Button variant="outline" onClick={onAnother}>
                  Validate another account
                </Button>
                <Button asChild variant="link">
                  <Link to="/flow/validate-bank-account">See all validations</Link>
                </Button>
              </>
            }
          />
        )}
      </div>
    </PageFrame>
  );
}
