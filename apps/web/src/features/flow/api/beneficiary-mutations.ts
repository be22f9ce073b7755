import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Beneficiary, type CreateBeneficiary, type UpdateBeneficiary } from '@meridian/contract';
import { api } from '@/lib/api';
import { doneOrPending, type DoneOrPending } from '@/lib/api/pending-approval';
import type { MutationMeta } from '@/lib/api/query-client';
import { beneficiaryDetailsQueryKey } from './beneficiary-details';
import { invalidateTopics } from './invalidate';

/**
 * A beneficiary saved, or (202: a `beneficiary` approval rule holds the change) the approval request it waits as:
 * then nothing is added or changed until it is approved.
 */
export type BeneficiarySaved = DoneOrPending<Beneficiary>;
const BeneficiaryAnswer = doneOrPending(Beneficiary);

/** POST /v2/banking/beneficiary (create) and PATCH /v2/banking/beneficiary/{code} (any subset, incl. status). */
export function createBeneficiary(body: CreateBeneficiary): Promise<BeneficiarySaved> {
  return api.post('/v2/banking/beneficiary', { body }).then((answer) => BeneficiaryAnswer.parse(answer));
}

export interface UpdateBeneficiaryVariables {
  code: string;
  body: UpdateBeneficiary;
}

export function updateBeneficiary({ code, body }: UpdateBeneficiaryVariables): Promise<BeneficiarySaved> {
  return api
    .patch('/v2/banking/beneficiary/{beneficiary_code}', {
      params: { path: { beneficiary_code: code } },
      body,
    })
    .then((answer) => BeneficiaryAnswer.parse(answer));
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
      // A held change changed nothing: the beneficiary stays as the server has it.
      if (saved.done)
        queryClient.setQueryData(beneficiaryDetailsQueryKey(saved.done.beneficiary_code), saved.done);
      await invalidateTopics(queryClient, ['beneficiar']);
    },
  });
}
