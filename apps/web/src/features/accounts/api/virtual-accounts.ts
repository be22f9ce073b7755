import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listResponse } from '@meridian/contract';
import {
  VIRTUAL_ACCOUNTS_LIST,
  VirtualAccount,
  type CreateVirtualAccount,
} from '@meridian/contract/accounts';
import { createListEndpoints } from '@/components/data-table';
import { api, type ApiPathFor } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';
import { invalidateAccounts } from './invalidate';

/**
 * Virtual accounts: search, count and CSV at the paths of its definition (VIRTUAL_ACCOUNTS_LIST,
 * …/read/search|count|export/manage/virtual_account; its query key, the list's name, is among the accounts
 * topics of ./invalidate.ts); create
 * POST /v2/banking/account/virtual, close and reopen POST /v2/banking/account/virtual/{account_number}/close
 * and …/reopen (no body). Every write refreshes the accounts queries.
 */
const VirtualAccountList = listResponse(VirtualAccount);

export const virtualAccountsEndpoints = createListEndpoints(
  VIRTUAL_ACCOUNTS_LIST,
  (answer) => VirtualAccountList.parse(answer).data,
);

export function createVirtualAccount(body: CreateVirtualAccount): Promise<VirtualAccount> {
  return api.post('/v2/banking/account/virtual', { body }).then((a) => VirtualAccount.parse(a));
}

export type VirtualAccountAction = 'close' | 'reopen';

const ACTION_PATHS = {
  close: '/v2/banking/account/virtual/{account_number}/close',
  reopen: '/v2/banking/account/virtual/{account_number}/reopen',
} as const satisfies Record<VirtualAccountAction, ApiPathFor<'post'>>;

export function changeVirtualAccount({
  accountNumber,
  action,
}: {
  accountNumber: string;
  action: VirtualAccountAction;
}): Promise<VirtualAccount> {
  return api
    .post(ACTION_PATHS[action], { params: { path: { account_number: accountNumber } } })
    .then((a) => VirtualAccount.parse(a));
}

export function useCreateVirtualAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['accounts', 'virtual-account', 'create'],
    mutationFn: createVirtualAccount,
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () => invalidateAccounts(queryClient),
  });
}

export function useChangeVirtualAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['accounts', 'virtual-account', 'change'],
    mutationFn: changeVirtualAccount,
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () => invalidateAccounts(queryClient),
  });
}
