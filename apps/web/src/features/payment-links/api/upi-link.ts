import { useMutation } from '@tanstack/react-query';
import { UpiLink, type CreateUpiLink } from '@meridian/contract/payment-links';
import { api } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';
import { PAYMENT_LINKS_TOPIC } from './payment-links';

/** POST /v2/payments/upi/link → `{ intent: 'upi://pay?…', qr_svg }` (nothing is stored: no idempotency key). */
export function createUpiLink(body: Partial<CreateUpiLink>) {
  return api.post('/v2/payments/upi/link', { body }).then((answer) => UpiLink.parse(answer));
}

export function useCreateUpiLink() {
  return useMutation({
    mutationKey: [PAYMENT_LINKS_TOPIC, 'upi-link'],
    mutationFn: createUpiLink,
    meta: { errorToast: false } satisfies MutationMeta,
  });
}
