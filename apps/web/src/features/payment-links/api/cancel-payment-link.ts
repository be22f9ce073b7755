import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PaymentLink } from '@meridian/contract/payment-links';
import { api } from '@/lib/api';

/** POST /v2/payments/links/{urn}/cancel → the link, CANCELLED (409 when it is paid, expired or cancelled). */
export function cancelPaymentLink(urn: string) {
  return api
    .post('/v2/payments/links/{urn}/cancel', { params: { path: { urn } } })
    .then((answer) => PaymentLink.parse(answer));
}

export function useCancelPaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payment-links', 'cancel'],
    mutationFn: cancelPaymentLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['payment-links'] }),
  });
}
