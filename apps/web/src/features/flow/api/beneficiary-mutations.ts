import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Beneficiary, type CreateBeneficiary, type UpdateBeneficiary } from '@meridian/contract';
import { api } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';
import { beneficiaryDetailsQueryKey } from './beneficiary-details';
import { invalidateTopics } from './invalidate';

/** POST /v2/banking/beneficiary (create) and PATCH /v2/banking/beneficiary/{code} (any subset, incl. status). */
export function createBeneficiary(body: CreateBeneficiary): Promise<Beneficiary> {
  return api.post('/v2/banking/beneficiary', { body }).then((answer) => Beneficiary.parse(answer));
}

export interface UpdateBeneficiaryVariables {
  code: string;
  body: UpdateBeneficiary;
}

export function updateBeneficiary({ code, body }: UpdateBeneficiaryVariables): Promise<Beneficiary> {
  return api
    .patch('/v2/banking/beneficiary/{beneficiary_code}', {
      params: { path: { beneficiary_code: code } },
      body,
    })
    .then((answer) => Beneficiary.parse(answer));
}

export function useCreateBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['flow', 'beneficiary', 'create'],
    mutationFn: createBeneficiary,
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: () => invalidateTopics(queryClient, ['beneficiar']),
  });
}

export function useUpdateBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['flow', 'beneficiary', 'update'],
    mutationFn: updateBeneficiary,
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: async (saved) => {
      queryClient.setQueryData(beneficiaryDetailsQueryKey(saved.beneficiary_code), saved);
      await invalidateTopics(queryClient, ['beneficiar']);
    },
  });
}
