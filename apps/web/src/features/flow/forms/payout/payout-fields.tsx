import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatMoney } from '@/lib/format/money';
import { FormField } from '@/components/form/form-field';
import { generateReference } from '@/components/form/reference';
import { useAccountBalances } from '../../api/balance';
import {
  useBeneficiaryOptions,
  usePaymentMethods,
  useProviderAccounts,
  type BeneficiaryOption,
} from '../../api/dropdowns';
import { CoolingOffNotice } from '../beneficiary/cooling-off-notice';
import { maskAccount, PlaceholderOption } from '../select-options';
import type { PayoutFormInput, PayoutFormOutput } from './payout-schema';

export type PayoutForm = UseFormReturn<PayoutFormInput, unknown, PayoutFormOutput>;

/** Above this many beneficiaries the select gets a filter box. */
const FILTER_FROM = 8;

/** The account to pay from, with its available balance as the hint. */
export function SenderField({ form, sender }: { form: PayoutForm; sender: string | undefined }) {
  const accounts = useProviderAccounts();
  const balances = useAccountBalances();
  const balance = balances.data?.find((a) => a.account_number === sender)?.balance;
  return (
    <FormField
      id="payout-sender"
      label="Pay from"
      error={form.formState.errors.sender_account_number?.message}
      hint={
        accounts.isError
          ? `Your accounts could not be loaded: ${accounts.error.message}`
          : balance !== undefined
            ? `Available balance: ${formatMoney(balance)}`
            : undefined
      }
    >
      {(p) => (
        <Select {...p} {...form.register('sender_account_number')} disabled={accounts.isPending}>
          <PlaceholderOption query={accounts} choose="Choose an account" empty="No accounts" />
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

/** The beneficiaries the filter matches (the chosen one always stays). */
function filterBeneficiaries(list: readonly BeneficiaryOption[], needle: string, chosen: string | undefined) {
  return list.filter(
    (b) =>
      needle === '' ||
      b.beneficiary_code === chosen ||
      `${b.beneficiary_name} ${b.beneficiary_code} ${b.beneficiary_account_number ?? ''}`
        .toLowerCase()
        .includes(needle),
  );
}

/** The beneficiary select's registration: a beneficiary brings its usual transfer type and sender account. */
function useBeneficiaryRegistration({ register, setValue, getFieldState }: PayoutForm) {
  const accounts = useProviderAccounts();
  const beneficiaries = useBeneficiaryOptions();
  const methods = usePaymentMethods();
  return register('beneficiary_code', {
    onChange: (event: { target: { value: string } }) => {
      // A beneficiary brings its usual transfer type and sender account, unless the user chose them already.
      const chosen = beneficiaries.data?.find((b) => b.beneficiary_code === event.target.value);
      if (!chosen) return;
      // Only to an option the select shows: a value without its option would not be what the user sees.
      const offered = methods.data?.some((m) => m.transfer_type === chosen.transfer_type) ?? false;
      if (offered && !getFieldState('transfer_type').isDirty) setValue('transfer_type', chosen.transfer_type);
      if (
        !getFieldState('sender_account_number').isDirty &&
        accounts.data?.some((a) => a.account_number === chosen.sender_account_number)
      ) {
        setValue('sender_account_number', chosen.sender_account_number);
      }
    },
  });
}

/** The beneficiary: a filter box when there are many, the select, and the chosen one's cooling-off notice. */
export function BeneficiaryPicker({ form, chosen }: { form: PayoutForm; chosen: string | undefined }) {
  const beneficiaries = useBeneficiaryOptions();
  const beneficiaryField = useBeneficiaryRegistration(form);
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const beneficiaryList = filterBeneficiaries(beneficiaries.data ?? [], needle, chosen);
  const payee = beneficiaries.data?.find((b) => b.beneficiary_code === chosen);
  return (
    <div className="grid content-start gap-2">
      {(beneficiaries.data?.length ?? 0) > FILTER_FROM && (
        <FormField id="payout-beneficiary-filter" label="Find a beneficiary" optional>
          {(p) => (
            <Input
              {...p}
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder="Name, code or account number"
              autoComplete="off"
            />
          )}
        </FormField>
      )}
      <FormField
        id="payout-beneficiary"
        label="Beneficiary"
        error={form.formState.errors.beneficiary_code?.message}
        hint={
          beneficiaries.isError
            ? `Beneficiaries could not be loaded: ${beneficiaries.error.message}`
            : needle !== ''
              ? `${beneficiaryList.length} of ${beneficiaries.data?.length ?? 0} beneficiaries shown`
              : undefined
        }
      >
        {(p) => (
          <Select {...p} {...beneficiaryField} disabled={beneficiaries.isPending}>
            <PlaceholderOption
              query={beneficiaries}
              choose="Choose a beneficiary"
              empty="No active beneficiaries"
            />
            {beneficiaryList.map((b) => (
              <option key={b.beneficiary_code} value={b.beneficiary_code}>
                {b.beneficiary_name} ({b.beneficiary_code}) {maskAccount(b.beneficiary_account_number)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {payee && (
        <CoolingOffNotice
          until={payee.cooling_off_until}
          limit={payee.cooling_off_limit}
          score={payee.name_match_score}
        />
      )}
    </div>
  );
}

/** The transfer type; once submitted, a change re-checks the amount against the rail's limits. */
export function TransferTypeField({ form: { register, formState } }: { form: PayoutForm }) {
  const methods = usePaymentMethods();
  return (
    <FormField
      id="payout-transfer-type"
      label="Transfer type"
      error={formState.errors.transfer_type?.message}
      hint={methods.isError ? `Transfer types could not be loaded: ${methods.error.message}` : undefined}
    >
      {(p) => (
        <Select
          {...p}
          {...register('transfer_type', { deps: formState.isSubmitted ? ['amount'] : [] })}
          disabled={methods.isPending}
        >
          <PlaceholderOption query={methods} choose="Choose a transfer type" empty="No transfer types" />
          {methods.data?.map((m) => (
            <option key={m.transfer_type} value={m.transfer_type}>
              {m.label}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

/** The customer reference number, with a button that generates a new one. */
export function ReferenceField({ form: { register, setValue, formState } }: { form: PayoutForm }) {
  return (
    <FormField
      id="payout-reference"
      label="Customer reference number"
      hint="Your own unique reference for this payout: letters, digits, _ or -"
      error={formState.errors.customer_reference_number?.message}
    >
      {(p) => (
        <div className="flex gap-2">
          <Input
            {...p}
            {...register('customer_reference_number')}
            maxLength={40}
            autoComplete="off"
            className="font-mono"
          />
          <Button
            variant="outline"
            size="icon"
            aria-label="Generate a new reference"
            title="Generate a new reference"
            onClick={() =>
              setValue('customer_reference_number', generateReference(), {
                shouldDirty: true,
                shouldValidate: formState.isSubmitted,
              })
            }
          >
            <RefreshCw aria-hidden />
          </Button>
        </div>
      )}
    </FormField>
  );
}
