import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PaymentLinkDetails, type CreatePaymentLinkInput } from '@meridian/contract/payment-links';
import { api } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';
import { paymentLinkDetailsQueryKey } from './payment-link-details';
import { PAYMENT_LINKS_TOPIC } from './payment-links';

/**
 * POST /v2/payments/links → 201 `PaymentLinkDetails` (with the pay page's URL, UPI intent and QR code). The
 * `Idempotency-Key` header makes a retry of the same submission answer the first link instead of a second one.
 */
export interface CreatePaymentLinkVariables {
  body: CreatePaymentLinkInput;
  idempotencyKey: string;
}

export function createPaymentLink({ body, idempotencyKey }: CreatePaymentLinkVariables) {
  return api
    .post('/v2/payments/links', { body, headers: { 'Idempotency-Key': idempotencyKey } })
    .then((answer) => PaymentLinkDetails.parse(answer));
}

export function useCreatePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [PAYMENT_LINKS_TOPIC, 'create'],
    mutationFn: createPaymentLink,
    // The form shows the server's message and field errors itself.
    meta: { errorToast: false } satisfies MutationMeta,
    onSuccess: async (link) => {
      queryClient.setQueryData(paymentLinkDetailsQueryKey(link.urn), link);
      await queryClient.invalidateQueries({ queryKey: [PAYMENT_LINKS_TOPIC] });
    },
  });
}
