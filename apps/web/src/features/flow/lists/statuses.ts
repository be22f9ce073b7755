import type { BadgeVariant } from '@/components/ui/badge';

/** Badge colours of the flow statuses. */
export const PAYOUT_STATUS_VARIANTS = {
  PENDING: 'yellow',
  SUCCESS: 'green',
  FAILURE: 'red',
  RETURNED: 'blue',
  PENDING_APPROVAL: 'yellow',
  REJECTED: 'grey',
} as const satisfies Record<string, BadgeVariant>;

export const CALLBACK_STATUS_VARIANTS = {
  PENDING: 'yellow',
  DELIVERED: 'green',
  FAILED: 'red',
} as const satisfies Record<string, BadgeVariant>;

export const BENEFICIARY_STATUS_VARIANTS = {
  ACTIVE: 'green',
  INACTIVE: 'grey',
} as const satisfies Record<string, BadgeVariant>;

export const VALIDATION_STATUS_VARIANTS = {
  SUCCESS: 'green',
  FAILURE: 'red',
} as const satisfies Record<string, BadgeVariant>;

/** A validation's name match: green only for MATCH, amber for PARTIAL, red for NO_MATCH. */
export const NAME_MATCH_VARIANTS = {
  MATCH: 'green',
  PARTIAL: 'yellow',
  NO_MATCH: 'red',
} as const satisfies Record<string, BadgeVariant>;

/** "NO_MATCH" → "No match", "PARTIAL" → "Partial match", "MATCH" → "Match". */
export const NAME_MATCH_LABELS = {
  MATCH: 'Match',
  PARTIAL: 'Partial match',
  NO_MATCH: 'No match',
} as const satisfies Record<string, string>;
