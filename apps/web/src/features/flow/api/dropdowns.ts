import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  BeneficiaryOption,
  PaymentMethodOption,
  ProviderAccountOption,
  listResponse,
} from '@meridian/contract';
import { api, type ApiPathFor } from '@/lib/api';

/** GET /{provider}/read/fetch/dropdown/{name}: the options of the flow forms' selects. */
type DropdownPath = Extract<ApiPathFor<'get'>, `/meridian/read/fetch/dropdown/${string}`>;

export type ProviderAccountOption = z.infer<typeof ProviderAccountOption>;
export type BeneficiaryOption = z.infer<typeof BeneficiaryOption>;
export type PaymentMethodOption = z.infer<typeof PaymentMethodOption>;

function dropdownQuery<T extends z.ZodType>(path: DropdownPath, row: T) {
  const schema = listResponse(row);
  const name = path.slice(path.lastIndexOf('/') + 1);
  return queryOptions({
    queryKey: ['flow', 'dropdown', name] as const,
    queryFn: async ({ signal }): Promise<z.infer<T>[]> =>
      schema.parse(await api.get(path, { host: 'read', signal })).data,
  });
}

/** The client's own accounts that can send money (they also give a beneficiary its provider). */
export const providerAccountsQueryOptions = () =>
  dropdownQuery('/meridian/read/fetch/dropdown/provider_accounts', ProviderAccountOption);
/** Active beneficiaries that can be paid from the dashboard (non-UPI). */
export const beneficiaryOptionsQueryOptions = () =>
  dropdownQuery('/meridian/read/fetch/dropdown/beneficiaries', BeneficiaryOption);
/** Transfer types with their amount limits. */
export const paymentMethodsQueryOptions = () =>
  dropdownQuery('/meridian/read/fetch/dropdown/payment_methods', PaymentMethodOption);

export function useProviderAccounts() {
  return useQuery(providerAccountsQueryOptions());
}

export function useBeneficiaryOptions() {
  return useQuery(beneficiaryOptionsQueryOptions());
}

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
