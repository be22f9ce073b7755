import { queryOptions } from '@tanstack/react-query';
import { PaymentLinkDetails } from '@meridian/contract/payment-links';
import { api } from '@/lib/api';
import { PAYMENT_LINKS_TOPIC } from './payment-links';

/** GET /v2/payments/links/{urn}: one link with its QR code (SVG), payment attempts and callbacks. */
export const paymentLinkDetailsQueryKey = (urn: string) => [PAYMENT_LINKS_TOPIC, 'details', urn] as const;

export const paymentLinkDetailsQueryOptions = (urn: string) =>
  queryOptions({
    queryKey: paymentLinkDetailsQueryKey(urn),
    queryFn: async ({ signal }) =>
      PaymentLinkDetails.parse(
        await api.get('/v2/payments/links/{urn}', { params: { path: { urn } }, signal }),
      ),
    enabled: urn !== '',
  });
