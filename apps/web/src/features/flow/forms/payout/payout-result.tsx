import { Link } from '@tanstack/react-router';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import type { Payout, PayoutStatus } from '@meridian/contract';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { PROVIDER } from '@/lib/env';
import { dateFormatPreference, timeZonePreference } from '@/lib/preferences/display';
import { usePayoutStatus } from '../../api/payout-status';

const STATUS_BADGE: Record<PayoutStatus, BadgeVariant> = {
  PENDING: 'yellow',
  SUCCESS: 'green',
  FAILURE: 'red',
  RETURNED: 'grey',
  PENDING_APPROVAL: 'yellow',
  REJECTED: 'grey',
};

function statusLine(payout: Payout): string {
  switch (payout.status) {
    case 'PENDING':
      return 'Waiting for the bank to confirm the payout…';
    case 'SUCCESS':
      return `Paid. UTR ${payout.bank_reference_number ?? 'not reported yet'}.`;
    case 'FAILURE':
      return `The payout failed: ${payout.status_message ?? 'no reason given'}.`;
    case 'RETURNED':
      return `The payout was returned: ${payout.status_message ?? 'no reason given'}.`;
    case 'PENDING_APPROVAL':
      return 'Waiting for approval: no money moves until an approver approves it (see Approvals).';
    case 'REJECTED':
      return `The payout was not sent: ${payout.status_message ?? 'it was rejected'}.`;
  }
}

/** Step 3: the payout that was created and its live status (polled every 2 s until it is final). */
export function PayoutResultStep({
  created,
  onNewPayout,
  pollMs,
}: {
  created: Payout;
  onNewPayout: () => void;
  pollMs?: number;
}) {
  const status = usePayoutStatus(created, pollMs);
  const timeZone = timeZonePreference.use();
  const dateFormat = dateFormatPreference.use();
  const payout = status.data;
  const pending = payout.status === 'PENDING';
  return (
    <Card aria-labelledby="payout-result-title" role="region">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="payout-result-title">Payout initiated</CardTitle>
          <Badge variant={STATUS_BADGE[payout.status]}>{payout.status}</Badge>
        </div>
        <CardDescription>
          {formatMoney(payout.amount)} to {payout.beneficiary_name} by {payout.transfer_type}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p role="status" className="flex items-center gap-2 text-sm">
          {pending && <LoaderCircle className="size-4 animate-spin text-muted-foreground" aria-hidden />}
          {statusLine(payout)}
        </p>
        {status.isError && pending && (
          <p className="text-sm text-muted-foreground">
            The status could not be refreshed ({status.error.message}); trying again.
          </p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">Payout URN</dt>
          <dd className="font-mono break-all">{payout.urn}</dd>
          <dt className="text-muted-foreground">UTR (bank reference)</dt>
          <dd className="font-mono">{payout.bank_reference_number ?? '-'}</dd>
          <dt className="text-muted-foreground">Customer reference number</dt>
          <dd className="font-mono">{payout.customer_reference_number}</dd>
          <dt className="text-muted-foreground">Last update</dt>
          <dd>{formatDateTime(payout.updated_at, timeZone, dateFormat)}</dd>
        </dl>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link
            to="/flow/payouts"
            search={{ selected: payout.urn, search_key: `${PROVIDER}_urn`, search_value: payout.urn }}
          >
            View in payouts
          </Link>
        </Button>
        <Button onClick={onNewPayout}>New payout</Button>
      </CardFooter>
    </Card>
  );
}
