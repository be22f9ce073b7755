import type { BadgeVariant } from '@/components/ui/badge';

/** Badge colours of the accounts statuses. */
export const ACCOUNT_STATUS_VARIANTS = {
  ACTIVE: 'green',
  CLOSED: 'grey',
  EXPIRED: 'yellow',
} as const satisfies Record<string, BadgeVariant>;

export const CREDIT_STATUS_VARIANTS = {
  CREDITED: 'green',
  RETURNED: 'red',
} as const satisfies Record<string, BadgeVariant>;

export const KIND_LABELS = { CURRENT: 'Current', VIRTUAL: 'Virtual' } as const;
