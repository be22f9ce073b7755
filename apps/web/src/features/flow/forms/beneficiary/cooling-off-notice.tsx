import { WEAK_NAME_MATCH_BELOW, coolingOffText } from '@meridian/contract';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/**
 * The limits of a new or changed beneficiary while they last, e.g. "New beneficiary: up to ₹25,000 per payout
 * until 27 Nov 2026, 14:05" (a payout above it is refused until then); when the bank's name matched it below
 * WEAK_NAME_MATCH_BELOW %, every payout to it waits for an approver until then. Nothing once the period is over.
 */
export function CoolingOffNotice({
  until,
  limit,
  score = null,
  className,
}: {
  until: string | null;
  limit: string | null;
  /** The penny drop's name match score (0–100), when there was one. */
  score?: number | null;
  className?: string;
}) {
  if (!until || !limit || new Date(until).getTime() <= Date.now()) return null;
  return (
    <Alert variant="warning" role="note" className={className} data-testid="cooling-off-notice">
      <AlertTitle>{coolingOffText(limit, until)}</AlertTitle>
      <AlertDescription>
        A beneficiary added, or whose account changed, is limited for a while: larger payouts to it are
        refused until then.
        {score !== null && score < WEAK_NAME_MATCH_BELOW && (
          <>
            {' '}
            The bank&apos;s name matched only {score} %: every payout to it waits for an approver until then.
          </>
        )}
      </AlertDescription>
    </Alert>
  );
}
