import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PaymentLink } from '@meridian/contract/payment-links';
import { api } from '@/lib/api';
import { PAYMENT_LINKS_TOPIC } from './payment-links';

/** POST /v2/payments/links/{urn}/cancel → the link, CANCELLED (409 when it is paid, expired or cancelled). */
export function cancelPaymentLink(urn: string) {
  return api
    .post('/v2/payments/links/{urn}/cancel', { params: { path: { urn } } })
    .then((answer) => PaymentLink.parse(answer));
}

export function useCancelPaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [PAYMENT_LINKS_TOPIC, 'cancel'],
    mutationFn: cancelPaymentLink,
    // The list, its count and the open link's details all start with the topic.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PAYMENT_LINKS_TOPIC] }),
  });
}
