import { useState } from 'react';
import {
  PAYMENT_LINKS_LIST,
  type PaymentLink,
  type PaymentLinkDetails,
} from '@meridian/contract/payment-links';
import Link2 from 'lucide-react/icons/link-2';
import QrCode from 'lucide-react/icons/qr-code';
import {
  DataTable,
  MoneyText,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
  type ListSearch,
} from '@/components/data-table';
import { findNavEntry } from '@/components/layout/nav-config';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { paymentLinkDetailsQueryOptions } from './api/payment-link-details';
import { paymentLinksEndpoints } from './api/payment-links';
import { CreateLinkForm } from './create-link-form';
import { LinkDetailsView, LinkStatusBadge } from './link-details';
import { UpiLinkGenerator } from './upi-link-generator';
import { Can } from '@/components/permissions/can';

/**
 * The page's own cells (the amount paid, or that the customer enters it; statuses by name); every other column
 * is drawn from the list definition.
 */
const COLUMNS: ColumnOverrides<PaymentLink, ColumnKey<typeof PAYMENT_LINKS_LIST>> = {
  cells: {
    amount: (l) =>
      l.status === 'PAID' ? (
        <MoneyText value={l.paid_amount} />
      ) : l.customer_enters_amount ? (
        <span className="text-muted-foreground">Customer enters</span>
      ) : (
        <MoneyText value={l.amount} />
      ),
    customer_enters_amount: (l) => (l.customer_enters_amount ? 'Yes' : 'No'),
    status: (l) => <LinkStatusBadge status={l.status} />,
  },
  primary: 'urn',
  cards: { purpose: 'primary', customer_reference_number: 'secondary' },
};

const DETAILS: DataTableDetails<PaymentLink, PaymentLinkDetails> = {
  title: (urn, row) => (row ? `Payment link ${row.customer_reference_number}` : `Payment link ${urn}`),
  idLabel: 'URN',
  description: (_urn, row) => (row ? row.purpose : 'Payment link details'),
  noun: 'payment link',
  query: paymentLinkDetailsQueryOptions,
  // The column values from the fetched link: a cancel shows at once.
  row: (link) => link,
  render: (link) => <LinkDetailsView link={link} />,
};

type Open = 'create' | 'upi' | null;

/**
 * /flow/payment-links: your payment links (search by URN or reference, filter by status), each with its QR code,
 * share and cancel actions; a form to create one, and a UPI link generator.
 */
export function PaymentLinksPage({
  search,
  onSearchChange,
}: {
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const nav = findNavEntry('/flow/payment-links');
  const title = nav?.item.title ?? 'Payment links';
  const created = (link: PaymentLinkDetails) => {
    setOpen(null);
    onSearchChange({ ...search, offset: undefined, selected: link.urn });
  };
  const dialog = (kind: Exclude<Open, null>, heading: string, description: string, body: React.ReactNode) => (
    <Dialog open={open === kind} onOpenChange={(o) => setOpen(o ? kind : null)}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{heading}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );

  return (
    <PageFrame
      title={title}
      description="Links your customers pay on Meridian's pay page, by UPI; payments are credited to your account."
      breadcrumb={[{ label: nav?.group.title ?? 'Flow', to: '/flow' }, { label: title }]}
      actions={
        <Can permission="links.manage">
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setOpen('upi')}>
              <QrCode aria-hidden />
              UPI link
            </Button>
            <Button onClick={() => setOpen('create')}>
              <Link2 aria-hidden />
              Create payment link
            </Button>
          </div>
        </Can>
      }
    >
      <DataTable
        list={PAYMENT_LINKS_LIST}
        endpoints={paymentLinksEndpoints}
        {...COLUMNS}
        rowId={(l) => l.urn}
        details={DETAILS}
        empty={{
          title: 'No payment links in this date range',
          hint: 'Links are listed by the day they were created; widen the range or create one.',
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
      {dialog(
        'create',
        'Create a payment link',
        'Your customer opens the link, sees the amount and a UPI QR code, and pays without signing in.',
        <CreateLinkForm onCreated={created} />,
      )}
      {dialog(
        'upi',
        'UPI link',
        'A upi://pay link and its QR code for any payee and amount (NPCI parameters pa, pn, am, cu, tr, tn).',
        <UpiLinkGenerator />,
      )}
    </PageFrame>
  );
}
