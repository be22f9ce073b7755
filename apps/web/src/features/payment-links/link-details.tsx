import { useState } from 'react';
import type { PaymentLinkDetails, PaymentLinkStatus } from '@meridian/contract/payment-links';
import ExternalLink from 'lucide-react/icons/external-link';
import Share2 from 'lucide-react/icons/share-2';
import { Code, DateTimeText, DetailList, MoneyText, StatusBadge } from '@/components/data-table';
import { CopyButton } from '@/components/data-table/copy-button';
import type { BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCancelPaymentLink } from './api/cancel-payment-link';
import { QrImage } from './field';
import { Can } from '@/components/permissions/can';

export const LINK_STATUS_VARIANTS = {
  CREATED: 'yellow',
  PAID: 'green',
  EXPIRED: 'grey',
  CANCELLED: 'red',
} as const satisfies Record<PaymentLinkStatus, BadgeVariant>;

const LINK_STATUS_LABELS: Record<PaymentLinkStatus, string> = {
  CREATED: 'Created',
  PAID: 'Paid',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
};

export function LinkStatusBadge({ status }: { status: PaymentLinkStatus }) {
  return <StatusBadge status={status} variants={LINK_STATUS_VARIANTS} label={LINK_STATUS_LABELS[status]} />;
}

/** Shares the link with the system's share sheet when there is one, else copies it. */
async function share(link: PaymentLinkDetails) {
  const data = { title: link.purpose, text: `Pay for ${link.purpose}`, url: link.short_url };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(link.short_url);
    toast.success('Link copied', { description: link.short_url });
  } catch {
    toast.error('Could not share the link', { description: 'Copy it from the field above.' });
  }
}

/** A link's details dialog (below its column values): its QR code (the server's SVG), the pay page to copy, share or open, and cancel. */
export function LinkDetailsView({ link }: { link: PaymentLinkDetails }) {
  // What the customer may enter, when the link has no fixed amount.
  const limits = link.customer_enters_amount ? (
    <span>
      <MoneyText value={link.min_amount ?? '1.00'} /> to <MoneyText value={link.max_amount ?? '100000.00'} />
    </span>
  ) : null;
  return (
    <div className="flex flex-col gap-4">
      <LinkShare link={link} />
      {/* The list's columns are listed above this view; these are the link's facts beside them. */}
      <DetailList
        items={[
          ...(limits ? ([['Amount limits', limits]] as const) : []),
          [
            'Credited to',
            <Code wrap key="acc">
              {link.account_number}
            </Code>,
          ],
          ...(link.cancelled_at
            ? ([['Cancelled', <DateTimeText key="c" value={link.cancelled_at} />]] as const)
            : []),
          ['Failed attempts', String(link.failed_attempts)],
        ]}
      />
      {link.attempts.length > 0 && <LinkAttempts attempts={link.attempts} />}
      {link.status === 'CREATED' && (
        <Can permission="links.manage">
          <CancelLink link={link} />
        </Can>
      )}
    </div>
  );
}

/** The QR code, and the pay page and UPI intent to copy, share or open. */
function LinkShare({ link }: { link: PaymentLinkDetails }) {
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
      <QrImage svg={link.qr_svg} label={`UPI QR code to pay ${link.customer_reference_number}`} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="text-sm text-muted-foreground">Pay page (no sign-in needed)</p>
        <div className="flex items-center gap-1">
          <Code wrap className="min-w-0 flex-1 text-xs">
            {link.short_url}
          </Code>
          <CopyButton value={link.short_url} label="Copy link" />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void share(link)}>
            <Share2 aria-hidden />
            Share
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={link.link_url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              Open pay page
            </a>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">UPI intent</p>
        <div className="flex items-center gap-1">
          <Code wrap className="min-w-0 flex-1 text-xs">
            {link.upi_intent}
          </Code>
          <CopyButton value={link.upi_intent} label="Copy UPI intent" />
        </div>
      </div>
    </div>
  );
}

function LinkAttempts({ attempts }: { attempts: PaymentLinkDetails['attempts'] }) {
  return (
    <section className="flex flex-col gap-2 border-t pt-4">
      <h3 className="font-medium">Payment attempts</h3>
      <ul className="flex flex-col gap-1 text-sm">
        {attempts.map((a) => (
          <li key={`${a.at}-${a.status}`} className="flex flex-wrap gap-2">
            <StatusBadge status={a.status} variants={{ SUCCESS: 'green', FAILED: 'red' }} />
            <MoneyText value={a.amount} />
            <DateTimeText value={a.at} />
            {a.reason && <span className="text-muted-foreground">{a.reason}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Cancel the link, after a confirmation. */
function CancelLink({ link }: { link: PaymentLinkDetails }) {
  const cancel = useCancelPaymentLink();
  const [confirming, setConfirming] = useState(false);
  const doCancel = async () => {
    try {
      await cancel.mutateAsync(link.urn);
      toast.success(`Payment link ${link.customer_reference_number} cancelled`);
    } catch (error) {
      if (!isApiError(error)) throw error;
    } finally {
      setConfirming(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
      {confirming ? (
        <>
          <span className="text-sm">Cancel this link? The customer can no longer pay it.</span>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => void doCancel()}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel link'}
          </Button>
        </>
      ) : (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          Cancel link
        </Button>
      )}
    </div>
  );
}
