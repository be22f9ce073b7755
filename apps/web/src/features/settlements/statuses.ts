import type { BadgeVariant } from '@/components/ui/badge';

export const SETTLEMENT_STATUS_VARIANTS = {
  PENDING: 'yellow',
  SETTLED: 'green',
  FAILED: 'red',
} as const satisfies Record<string, BadgeVariant>;

export const ACCOUNT_STATUS_VARIANTS = {
  VERIFIED: 'green',
  REJECTED: 'red',
} as const satisfies Record<string, BadgeVariant>;

/** T0 / T1 as people say them. */
export const typeLabel = (type: string) => (type === 'T0' ? 'T+0' : type === 'T1' ? 'T+1' : type);
