import type { BadgeVariant } from '@/components/ui/badge';

/** Badge colours of bulk and line-item statuses; unknown statuses are grey. */
export const BULK_STATUS_VARIANTS: Record<string, BadgeVariant> = {
  QUEUED: 'grey',
  PROCESSING: 'blue',
  COMPLETED: 'green',
  COMPLETED_WITH_ERRORS: 'yellow',
  FAILED: 'red',
  PENDING_APPROVAL: 'yellow',
  REJECTED: 'grey',
};

export const LINE_ITEM_STATUS_VARIANTS: Record<string, BadgeVariant> = {
  PENDING: 'grey',
  PROCESSING: 'yellow',
  SUCCESS: 'green',
  FAILURE: 'red',
  REJECTED: 'red',
};

/** "COMPLETED_WITH_FAILURES" → "Completed with failures". */
export function statusLabel(status: string): string {
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
