import { useCallback, useEffect, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { RAIL_LIMITS, TRANSFER_TYPES } from '@meridian/contract';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useProviderAccounts } from '../../api/dropdowns';
import { FormField } from '@/components/form/form-field';
import { IfscField } from '../ifsc-field';
import { PlaceholderOption } from '../select-options';
import type { BeneficiaryFormInput, BeneficiaryFormOutput } from './beneficiary-schema';

export type BeneficiaryForm = UseFormReturn<BeneficiaryFormInput, unknown, BeneficiaryFormOutput>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-6 md:grid-cols-2">
      <legend className="mb-4">
        <h2 className="text-base font-medium">{title}</h2>
      </legend>
      {children}
    </fieldset>
  );
}

const id = (name: string) => `beneficiary-${name}`;

/**
 * The fields of a beneficiary, shared by add and edit. The sender account select also sets the provider
 * and provider code; the account fields follow the transfer type (UPI id for UPI, else account number and
 * IFSC with a bank lookup). `verify` is shown under the bank-account fields.
 */
export function BeneficiaryFields({
  form,
  mode,
  verify,
}: {
  form: BeneficiaryForm;
  mode: 'create' | 'edit';
  verify?: ReactNode;
}) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const [transferType, sender, ifsc, provider] = useWatch({
    control,
    name: ['transfer_type', 'sender_account_number', 'ifsc_code', 'provider'],
  });
  const upi = transferType === 'UPI';

  return (
    <div className="flex flex-col gap-8">
      <Section title="Beneficiary">
        <ContactFields form={form} mode={mode} />
      </Section>

      <Section title="Payment details">
        <FormField id={id('transfer-type')} label="Transfer type" error={errors.transfer_type?.message}>
          {(p) => (
            <Select {...p} {...register('transfer_type')}>
              <option value="">Choose a transfer type</option>
              {TRANSFER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {RAIL_LIMITS[t].label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <SenderAccountField form={form} mode={mode} sender={sender} provider={provider} />
        {upi ? (
          <FormField
            id={id('upi')}
            label="UPI id"
            hint="e.g. name@bank"
            error={errors.beneficiary_upi_id?.message}
          >
            {(p) => (
              <Input {...p} {...register('beneficiary_upi_id')} autoComplete="off" spellCheck={false} />
            )}
          </FormField>
        ) : (
          <>
            <FormField
              id={id('account')}
              label="Account number"
              hint="9 to 18 digits"
              error={errors.beneficiary_account_number?.message}
            >
              {(p) => (
                <Input
                  {...p}
                  {...register('beneficiary_account_number')}
                  inputMode="numeric"
                  autoComplete="off"
                  className="font-mono"
                />
              )}
            </FormField>
            <IfscField
              id={id('ifsc')}
              registration={register('ifsc_code')}
              value={ifsc}
              error={errors.ifsc_code?.message}
            />
            {verify && <div className="md:col-span-2">{verify}</div>}
          </>
        )}
      </Section>
    </div>
  );
}

/** The beneficiary's code (fixed once created), name, e-mail and mobile. */
function ContactFields({
  form: { register, formState },
  mode,
}: {
  form: BeneficiaryForm;
  mode: 'create' | 'edit';
}) {
  const errors = formState.errors;
  return (
    <>
      <FormField
        id={id('code')}
        label="Beneficiary code"
        hint={
          mode === 'edit'
            ? 'The code identifies the beneficiary and cannot be changed.'
            : '3 to 32 letters, digits, _ or -. You pay the beneficiary by this code.'
        }
        error={errors.beneficiary_code?.message}
      >
        {(p) => (
          <Input
            {...p}
            {...register('beneficiary_code')}
            readOnly={mode === 'edit'}
            aria-readonly={mode === 'edit' || undefined}
            autoComplete="off"
            className="font-mono read-only:bg-muted"
          />
        )}
      </FormField>
      <FormField id={id('name')} label="Name" error={errors.beneficiary_name?.message}>
        {(p) => <Input {...p} {...register('beneficiary_name')} autoComplete="off" />}
      </FormField>
      <FormField id={id('email')} label="E-mail" optional error={errors.beneficiary_email?.message}>
        {(p) => <Input {...p} {...register('beneficiary_email')} type="email" autoComplete="off" />}
      </FormField>
      <FormField
        id={id('mobile')}
        label="Mobile"
        optional
        hint="10 digits, optionally with +91"
        error={errors.beneficiary_mobile?.message}
      >
        {(p) => <Input {...p} {...register('beneficiary_mobile')} type="tel" autoComplete="off" />}
      </FormField>
    </>
  );
}

/**
 * The sender account: choosing one sets the provider and provider code; a client with a single account has it
 * preselected for a new beneficiary.
 */
function SenderAccountField({
  form: { register, setValue, formState },
  mode,
  sender,
  provider,
}: {
  form: BeneficiaryForm;
  mode: 'create' | 'edit';
  sender: string;
  provider: string;
}) {
  const accounts = useProviderAccounts();
  // An edited beneficiary may be paid from an account the dropdown does not (yet) list: keep it selectable.
  const senderListed = accounts.data?.some((a) => a.account_number === sender) ?? false;

  const chooseSender = useCallback(
    (number: string) => {
      const account = accounts.data?.find((a) => a.account_number === number);
      setValue('provider', account?.provider ?? '', { shouldDirty: true });
      setValue('provider_code', account?.provider_code ?? '', { shouldDirty: true });
    },
    [accounts.data, setValue],
  );
  const senderField = register('sender_account_number', {
    onChange: (event: { target: { value: string } }) => chooseSender(event.target.value),
  });
  // A client with a single account has nothing to choose: preselect it for a new beneficiary.
  const only = accounts.data?.length === 1 ? accounts.data[0]!.account_number : null;
  useEffect(() => {
    if (mode === 'create' && only && sender === '') {
      setValue('sender_account_number', only, { shouldDirty: true });
      chooseSender(only);
    }
  }, [mode, only, sender, setValue, chooseSender]);

  return (
    <FormField
      id={id('sender')}
      label="Sender account"
      error={formState.errors.sender_account_number?.message}
      hint={
        accounts.isError
          ? `Your accounts could not be loaded: ${accounts.error.message}`
          : provider
            ? `Provider: ${provider}`
            : 'The account that pays this beneficiary.'
      }
    >
      {(p) => (
        <Select {...p} {...senderField} disabled={accounts.isPending && mode === 'create'}>
          <PlaceholderOption query={accounts} choose="Choose an account" empty="No accounts" />
          {sender !== '' && !senderListed && <option value={sender}>{sender}</option>}
          {accounts.data?.map((a) => (
            <option key={a.account_number} value={a.account_number}>
              {a.account_name} · {a.account_number} ({a.provider})
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}
