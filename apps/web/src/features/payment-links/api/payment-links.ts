import { listResponse } from '@meridian/contract';
import { PaymentLink, type PaymentLinkStatus } from '@meridian/contract/payment-links';
import { createListEndpoints, type ListEndpoints } from '@/components/data-table';
import { PROVIDER } from '@/lib/env';

/**
 * Payment links: search GET /{provider}/read/search/payment_links, count …/read/count/payment_links, CSV
 * …/read/export/payment_links; the list's own `status` parameter filters all three.
 */
const PaymentLinkList = listResponse(PaymentLink);

const endpoints = createListEndpoints({
  key: 'payment-links',
  searchPath: `/${PROVIDER}/read/search/payment_links`,
  countPath: `/${PROVIDER}/read/count/payment_links`,
  exportPath: `/${PROVIDER}/read/export/payment_links`,
  parseRows: (answer) => PaymentLinkList.parse(answer).data,
});

/** The list's endpoints, filtered by `status` when one is chosen (the status is part of each query key). */
export function paymentLinksEndpoints(status: PaymentLinkStatus | undefined): ListEndpoints<PaymentLink> {
  if (!status) return endpoints;
  const withStatus = <Q extends object>(query: Q): Q => ({ ...query, status });
  return {
    key: endpoints.key,
    listQueryOptions: (query, refresh) => endpoints.listQueryOptions(withStatus(query), refresh),
    countQueryOptions: (query, refresh) => endpoints.countQueryOptions(withStatus(query), refresh),
    exportCsv: (query, signal) => endpoints.exportCsv(withStatus(query), signal),
  };
}
