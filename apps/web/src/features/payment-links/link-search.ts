import type { PaymentLinkStatus } from '@meridian/contract/payment-links';
import { listSearchSchema, type ListSearch } from '@/components/data-table/list-search';

/**
 * The /flow/payment-links URL: the list's filter state plus `status` (the list's own filter). Plain parsers,
 * no zod: a route's `validateSearch` is in the first bundle of every page.
 */
export const LINK_STATUSES = [
  'CREATED',
  'PAID',
  'EXPIRED',
  'CANCELLED',
] as const satisfies readonly PaymentLinkStatus[];

export type PaymentLinksSearch = ListSearch & { status?: PaymentLinkStatus };

type Input = Parameters<typeof listSearchSchema>[0] & { status?: unknown };

export function paymentLinksSearchSchema(raw: Input): PaymentLinksSearch {
  const status = (LINK_STATUSES as readonly unknown[]).includes(raw.status)
    ? (raw.status as PaymentLinkStatus)
    : undefined;
  return { ...listSearchSchema(raw), ...(status ? { status } : {}) };
}
