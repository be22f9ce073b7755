import { useMemo, useState } from 'react';
import type { PaymentLink, PaymentLinkDetails } from '@meridian/contract/payment-links';
import Link2 from 'lucide-react/icons/link-2';
import QrCode from 'lucide-react/icons/qr-code';
import {
  Code,
  DataTable,
  DateTimeText,
  MoneyText,
  type DataTableColumn,
  type DataTableDetails,
  type SearchKeyOption,
} from '@/components/data-table';
import { findNavEntry } from '@/components/layout/nav-config';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { PROVIDER } from '@/lib/env';
import { paymentLinkDetailsQueryOptions } from './api/payment-link-details';
import { paymentLinksEndpoints } from './api/payment-links';
import { CreateLinkForm } from './create-link-form';
import { LINK_STATUS_LABELS, LinkDetailsView, LinkStatusBadge } from './link-details';
import { LINK_STATUSES, type PaymentLinksSearch } from './link-search';
import { UpiLinkGenerator } from './upi-link-generator';

const SEARCH_KEYS: SearchKeyOption[] = [
  { value: `${PROVIDER}_urn`, label: 'URN' },
  { value: 'customer_reference_number', label: 'Customer reference' },
];

const COLUMNS: DataTableColumn<PaymentLink>[] = [
  {
    id: 'customer_reference_number',
    header: 'Reference',
    primary: true,
    card: 'secondary',
    cell: (l) => <Code>{l.customer_reference_number}</Code>,
  },
  { id: 'purpose', header: 'Purpose', card: 'primary', cell: (l) => l.purpose },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    card: 'amount',
    cell: (l) =>
      l.status === 'PAID' ? (
        <MoneyText value={l.paid_amount} />
      ) : l.customer_enters_amount ? (
        <span className="text-muted-foreground">Customer enters</span>
      ) : (
        <MoneyText value={l.amount} />
      ),
  },
  {
    id: 'customer',
    header: 'Customer',
    cell: (l) => l.customer_name ?? l.customer_email ?? l.customer_mobile ?? '-',
  },
  { id: 'status', header: 'Status', card: 'status', cell: (l) => <LinkStatusBadge status={l.status} /> },
  { id: 'expires_at', header: 'Valid until', cell: (l) => <DateTimeText value={l.expires_at} /> },
  { id: 'created_at', header: 'Created', card: 'time', cell: (l) => <DateTimeText value={l.created_at} /> },
];

const DETAILS: DataTableDetails<PaymentLink, PaymentLinkDetails> = {
  title: (urn, row) => (row ? `Payment link ${row.customer_reference_number}` : `Payment link ${urn}`),
  idLabel: 'URN',
  description: (_urn, row) => (row ? row.purpose : 'Payment link details'),
  noun: 'payment link',
  query: paymentLinkDetailsQueryOptions,
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
  search: PaymentLinksSearch;
  onSearchChange: (next: PaymentLinksSearch) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const status = search.status;
  const endpoints = useMemo(() => paymentLinksEndpoints(status), [status]);
  const nav = findNavEntry('/flow/payment-links');
  const title = nav?.item.title ?? 'Payment links';
  // The table builds its next URLs from the list's own parameters: the status is carried over.
  const change = (next: PaymentLinksSearch) => onSearchChange({ ...next, ...(status ? { status } : {}) });
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
      }
    >
      <div className="flex items-center gap-2">
        <Label htmlFor="payment-link-status">Status</Label>
        <Select
          id="payment-link-status"
          className="max-w-48"
          value={status ?? ''}
          onChange={(e) => {
            const value = e.target.value as PaymentLinksSearch['status'] | '';
            const { status: _old, ...rest } = search;
            onSearchChange({
              ...rest,
              offset: undefined,
              selected: undefined,
              ...(value ? { status: value } : {}),
            });
          }}
        >
          <option value="">All statuses</option>
          {LINK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LINK_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <DataTable
        title="Payment links"
        endpoints={endpoints}
        columns={COLUMNS}
        searchKeys={SEARCH_KEYS}
        rowId={(l) => l.urn}
        details={DETAILS}
        empty={{
          title: status
            ? `No ${LINK_STATUS_LABELS[status].toLowerCase()} payment links in this date range`
            : 'No payment links in this date range',
          hint: 'Links are listed by the day they were created; widen the range or create one.',
        }}
        exportName="payment-links"
        search={search}
        onSearchChange={change}
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
