import { searchKeysFor, type FlowList } from '@meridian/contract';
import type { SearchKeyOption } from '@/components/data-table';
import { PROVIDER } from '@/lib/env';

/** Labels of the search keys (spec §3); `{product}` keys are the provider slug's (`meridian_urn`). */
const LABELS: Record<string, string> = {
  [`${PROVIDER}_urn`]: 'URN',
  [`${PROVIDER}_transaction_id`]: 'Transaction ID',
  bank_reference_number: 'Bank reference (UTR)',
  customer_reference_number: 'Customer reference',
  beneficiary_code: 'Beneficiary code',
  beneficiary_account_number: 'Account number',
};

const humanize = (key: string) => {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The search keys of a flow list from the contract, default first, with labels. */
export function searchKeyOptions(list: FlowList): SearchKeyOption[] {
  return searchKeysFor(list, PROVIDER).map((value) => ({ value, label: LABELS[value] ?? humanize(value) }));
}
