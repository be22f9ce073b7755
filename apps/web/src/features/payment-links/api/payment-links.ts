import { listResponse } from '@meridian/contract';
import { PAYMENT_LINKS_LIST, PaymentLink } from '@meridian/contract/payment-links';
import { createListEndpoints } from '@/components/data-table';

/**
 * Payment links: search, count and CSV at the paths of the list's definition (PAYMENT_LINKS_LIST,
 * …/read/search|count|export/payment_links); its filters (`status`) ride along from the URL. Every query of
 * the list and of one link starts with the list's name, `payment_links` (PAYMENT_LINKS_TOPIC): a write
 * invalidates that one key.
 */
const PaymentLinkList = listResponse(PaymentLink);

export const paymentLinksEndpoints = createListEndpoints(
  PAYMENT_LINKS_LIST,
  (answer) => PaymentLinkList.parse(answer).data,
);

/** The first element of every payment-link query key: the list's name, so that writes refresh the list. */
export const PAYMENT_LINKS_TOPIC = paymentLinksEndpoints.key;
