import { useState } from 'react';
import {
  MANDATE_STATUSES,
  PRESENTATION_STATUSES,
  type Mandate,
  type MandateDetails,
  type Presentation,
} from '@meridian/contract/mandates';
import FilePlus from 'lucide-react/icons/file-plus';
import {
  Code,
  DataTable,
  DateTimeText,
  DetailList,
  MoneyText,
  StatusBadge,
  type DataTableColumn,
  type DataTableDetails,
  type ListSearch,
  type SearchKeyOption,
} from '@/components/data-table';
import { CopyButton } from '@/components/data-table/copy-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cx } from '@/lib/cx';
import { PROVIDER } from '@/lib/env';
import {
  mandateDetailsQueryOptions,
  mandatesEndpoints,
  presentationsEndpoints,
  useChangeMandate,
  type MandateAction,
} from '../api/mandates';
import { DetailsSection, ListPage } from '../lists/list-page';
import { CreateMandateForm } from './create-mandate-form';
import { PresentDebitForm } from './present-debit-form';

import type { MandatesSearch, MandatesTab } from './search';

/** The status filter's options of each list, in the order a mandate or a debit goes through them. */
const statusOptions = (statuses: readonly string[], variants: Record<string, string>) =>
  statuses
    .filter((s) => s in variants)
    .map((s) => ({ value: s, label: s.charAt(0) + s.slice(1).toLowerCase() }));

const MANDATE_STATUS_VARIANTS = {
  PENDING: 'yellow',
  ACTIVE: 'green',
  REJECTED: 'red',
  PAUSED: 'blue',
  CANCELLED: 'grey',
  EXPIRED: 'grey',
} as const;
const PRESENTATION_STATUS_VARIANTS = { PENDING: 'yellow', SUCCESS: 'green', BOUNCED: 'red' } as const;

const URN_KEY = `${PROVIDER}_urn`;
const REGISTRATION_KEYS: SearchKeyOption[] = [
  { value: URN_KEY, label: 'URN' },
  { value: 'customer_reference_number', label: 'Customer reference' },
  { value: 'umrn', label: 'UMRN' },
];
const PRESENTATION_KEYS: SearchKeyOption[] = [
  { value: URN_KEY, label: 'URN' },
  { value: 'mandate_urn', label: 'Mandate URN' },
  { value: 'customer_reference_number', label: 'Customer reference' },
  { value: 'bank_reference_number', label: 'Bank reference (UTR)' },
];

const payer = (m: Mandate) => (m.type === 'NACH' ? m.account_number : m.vpa);
const typeLabel = (t: Mandate['type']) => (t === 'NACH' ? 'NACH' : 'UPI autopay');
const frequencyLabel = (f: Mandate['frequency']) =>
  f === 'ADHOC' ? 'Ad hoc' : f.charAt(0) + f.slice(1).toLowerCase();

const REGISTRATION_COLUMNS: DataTableColumn<Mandate>[] = [
  { id: 'created_at', header: 'Created', card: 'time', cell: (m) => <DateTimeText value={m.created_at} /> },
  { id: 'urn', header: 'URN', primary: true, card: 'secondary', cell: (m) => <Code>{m.urn}</Code> },
  {
    id: 'customer',
    header: 'Customer',
    card: 'primary',
    cell: (m) => (
      <span className="flex flex-col">
        <span>{m.customer_name}</span>
        <span className="text-xs text-muted-foreground">{m.customer_reference_number}</span>
      </span>
    ),
  },
  {
    id: 'payer',
    header: 'Type / payer',
    cell: (m) => (
      <span className="flex flex-col">
        <span>{typeLabel(m.type)}</span>
        <Code>{payer(m)}</Code>
      </span>
    ),
  },
  {
    id: 'max_amount',
    header: 'Maximum',
    align: 'right',
    card: 'amount',
    cell: (m) => <MoneyText value={m.max_amount} />,
  },
  { id: 'frequency', header: 'Frequency', cell: (m) => frequencyLabel(m.frequency) },
  {
    id: 'status',
    header: 'Status',
    card: 'status',
    cell: (m) => <StatusBadge status={m.status} variants={MANDATE_STATUS_VARIANTS} />,
  },
];

const PRESENTATION_COLUMNS: DataTableColumn<Presentation>[] = [
  { id: 'created_at', header: 'Created', card: 'time', cell: (p) => <DateTimeText value={p.created_at} /> },
  { id: 'urn', header: 'URN', primary: true, card: 'secondary', cell: (p) => <Code>{p.urn}</Code> },
  {
    id: 'customer',
    header: 'Customer',
    card: 'primary',
    cell: (p) => (
      <span className="flex flex-col">
        <span>{p.customer_name}</span>
        <span className="text-xs text-muted-foreground">{typeLabel(p.mandate_type)}</span>
      </span>
    ),
  },
  { id: 'mandate_urn', header: 'Mandate', cell: (p) => <Code>{p.mandate_urn}</Code> },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    card: 'amount',
    cell: (p) => <MoneyText value={p.amount} />,
  },
  {
    id: 'status',
    header: 'Status',
    card: 'status',
    cell: (p) => <StatusBadge status={p.status} variants={PRESENTATION_STATUS_VARIANTS} />,
  },
  { id: 'bank_reference_number', header: 'UTR', cell: (p) => <Code>{p.bank_reference_number}</Code> },
];

const ACTIONS: { action: MandateAction; label: string; when: Mandate['status'][] }[] = [
  { action: 'pause', label: 'Pause', when: ['ACTIVE'] },
  { action: 'resume', label: 'Resume', when: ['PAUSED'] },
  { action: 'cancel', label: 'Cancel mandate', when: ['PENDING', 'ACTIVE', 'PAUSED'] },
];

function MandateDetailsView({ mandate }: { mandate: MandateDetails }) {
  const change = useChangeMandate();
  const m = mandate;
  return (
    <div className="flex flex-col gap-4">
      <DetailList
        items={[
          [
            'URN',
            <Code wrap key="urn">
              {m.urn}
            </Code>,
          ],
          ['Status', <StatusBadge key="s" status={m.status} variants={MANDATE_STATUS_VARIANTS} />],
          ['Status message', m.status_message],
          [
            'UMRN',
            m.umrn && (
              <Code wrap key="umrn">
                {m.umrn}
              </Code>
            ),
          ],
          ['Type', typeLabel(m.type)],
          ['Customer', m.customer_name],
          ['Customer reference', m.customer_reference_number],
          ['Mobile', m.customer_mobile],
          ['E-mail', m.customer_email],
          [
            'Account number',
            m.account_number && (
              <Code wrap key="acc">
                {m.account_number}
              </Code>
            ),
          ],
          ['IFSC', m.ifsc_code && `${m.ifsc_code}${m.bank_name ? ` · ${m.bank_name}` : ''}`],
          ['Account type', m.account_type],
          ['UPI id', m.vpa],
          ['Maximum per debit', <MoneyText key="max" value={m.max_amount} />],
          ['Frequency', frequencyLabel(m.frequency)],
          ['Period', `${m.start_date} to ${m.end_date ?? 'until cancelled'}`],
          [
            'Credited to',
            <Code wrap key="credit">
              {m.credit_account_number}
            </Code>,
          ],
          ['Created', <DateTimeText key="c" value={m.created_at} />],
        ]}
      />
      {m.status === 'PENDING' && (
        <DetailsSection title="Authorisation link">
          <p className="text-sm text-muted-foreground">
            Send this link to the customer: they approve or reject the mandate there (until{' '}
            <DateTimeText value={m.authorisation_expires_at} />
            ).
          </p>
          <div className="flex items-center gap-2">
            <Code wrap>{m.authorisation_url}</Code>
            <CopyButton value={m.authorisation_url} label="Copy authorisation link" />
          </div>
        </DetailsSection>
      )}
      {ACTIONS.some((a) => a.when.includes(m.status)) && (
        <div className="flex flex-wrap justify-end gap-2 border-t pt-4">
          {ACTIONS.filter((a) => a.when.includes(m.status)).map((a) => (
            <Button
              key={a.action}
              variant={a.action === 'cancel' ? 'destructive' : 'outline'}
              disabled={change.isPending}
              onClick={() => change.mutate({ urn: m.urn, action: a.action })}
            >
              {a.label}
            </Button>
          ))}
        </div>
      )}
      {m.status === 'ACTIVE' && (
        <DetailsSection title="Present a debit">
          <PresentDebitForm mandate={m} />
        </DetailsSection>
      )}
      <DetailsSection title="Timeline">
        <ol className="flex flex-col gap-1 text-sm">
          {m.events.map((e, i) => (
            <li key={i} className="flex flex-wrap gap-2">
              <DateTimeText value={e.at} className="text-muted-foreground" />
              <StatusBadge status={e.status} variants={MANDATE_STATUS_VARIANTS} />
              {e.message}
            </li>
          ))}
        </ol>
      </DetailsSection>
      {m.presentations.length > 0 && (
        <DetailsSection title="Latest debits">
          <ul className="flex flex-col gap-1 text-sm">
            {m.presentations.map((p) => (
              <li key={p.urn} className="flex flex-wrap items-center gap-2">
                <DateTimeText value={p.created_at} className="text-muted-foreground" />
                <MoneyText value={p.amount} />
                <StatusBadge status={p.status} variants={PRESENTATION_STATUS_VARIANTS} />
                {p.status_message}
              </li>
            ))}
          </ul>
        </DetailsSection>
      )}
    </div>
  );
}

const REGISTRATION_DETAILS: DataTableDetails<Mandate, MandateDetails> = {
  title: (urn, row) => (row ? `${row.customer_name} · ${typeLabel(row.type)}` : `Mandate ${urn}`),
  idLabel: 'URN',
  description: (urn) => `Mandate ${urn}`,
  noun: 'mandate',
  query: mandateDetailsQueryOptions,
  render: (mandate) => <MandateDetailsView mandate={mandate} />,
};

const PRESENTATION_DETAILS: DataTableDetails<Presentation> = {
  title: (urn) => `Debit ${urn}`,
  idLabel: 'URN',
  noun: 'debit',
  render: (p) => (
    <DetailList
      items={[
        [
          'URN',
          <Code wrap key="urn">
            {p.urn}
          </Code>,
        ],
        ['Status', <StatusBadge key="s" status={p.status} variants={PRESENTATION_STATUS_VARIANTS} />],
        ['Status message', p.status_message],
        ['Amount', <MoneyText key="a" value={p.amount} />],
        [
          'Mandate',
          <Code wrap key="m">
            {p.mandate_urn}
          </Code>,
        ],
        ['Type', typeLabel(p.mandate_type)],
        ['Customer', p.customer_name],
        ['Customer reference', p.customer_reference_number],
        ['Bank reference (UTR)', p.bank_reference_number],
        ['Remarks', p.remarks],
        ['Created', <DateTimeText key="c" value={p.created_at} />],
        ['Updated', <DateTimeText key="u" value={p.updated_at} />],
      ]}
    />
  ),
};

/**
 * /flow/e-mandates: NACH and UPI-autopay registrations and their presentations (two tabs, each a server-driven
 * list whose filters live in the URL), a create dialog, and each mandate's details with its authorisation
 * link, pause/resume/cancel and "Present a debit".
 */
export function EMandatesPage({
  search,
  onSearchChange,
}: {
  search: MandatesSearch;
  onSearchChange: (next: MandatesSearch) => void;
}) {
  const [creating, setCreating] = useState(false);
  const tab: MandatesTab = search.tab ?? 'registrations';
  const { tab: _tab, status, ...listSearch } = search;
  const keep = (next: ListSearch, nextStatus = status) =>
    onSearchChange({
      ...next,
      ...(tab === 'registrations' ? {} : { tab }),
      ...(nextStatus ? { status: nextStatus } : {}),
    });
  const keepTab = (next: ListSearch) => keep(next);
  // A status filter of the open list (the server's `status` parameter); changing it goes back to the first page.
  const statusFilter = (statuses: readonly string[], variants: Record<string, string>) => ({
    params: { status },
    filters: [
      {
        label: 'Status',
        value: status ?? '',
        options: statusOptions(statuses, variants),
        allLabel: 'All statuses',
        onChange: (v: string) =>
          keep({ ...listSearch, offset: undefined, selected: undefined }, v || undefined),
      },
    ],
  });
  const tabs: { id: MandatesTab; label: string }[] = [
    { id: 'registrations', label: 'Registrations' },
    { id: 'presentations', label: 'Presentations' },
  ];
  return (
    <ListPage
      path="/flow/e-mandates"
      description="NACH and UPI-autopay mandates your customers authorise, and the debits presented under them."
      actions={
        <Button onClick={() => setCreating(true)}>
          <FilePlus aria-hidden />
          New mandate
        </Button>
      }
    >
      <div role="tablist" aria-label="E-mandate lists" className="flex gap-1 border-b">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`mandates-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="mandates-panel"
            className={cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              tab === t.id ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground',
            )}
            onClick={() => tab !== t.id && onSearchChange(t.id === 'registrations' ? {} : { tab: t.id })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="mandates-panel" aria-labelledby={`mandates-tab-${tab}`}>
        {tab === 'registrations' ? (
          <DataTable
            title="Mandate registrations"
            endpoints={mandatesEndpoints}
            columns={REGISTRATION_COLUMNS}
            searchKeys={REGISTRATION_KEYS}
            rowId={(m) => m.urn}
            details={REGISTRATION_DETAILS}
            {...statusFilter(MANDATE_STATUSES, MANDATE_STATUS_VARIANTS)}
            empty={{
              title: 'No mandates in this date range',
              hint: 'Mandates are listed by the day they were registered; widen the range or register one.',
            }}
            exportName="mandate-registrations"
            search={listSearch}
            onSearchChange={keepTab}
          />
        ) : (
          <DataTable
            title="Mandate presentations"
            endpoints={presentationsEndpoints}
            columns={PRESENTATION_COLUMNS}
            searchKeys={PRESENTATION_KEYS}
            rowId={(p) => p.urn}
            details={PRESENTATION_DETAILS}
            {...statusFilter(PRESENTATION_STATUSES, PRESENTATION_STATUS_VARIANTS)}
            empty={{
              title: 'No debits in this date range',
              hint: 'Present a debit from an active mandate’s details.',
            }}
            exportName="mandate-presentations"
            search={listSearch}
            onSearchChange={keepTab}
          />
        )}
      </div>
      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>New mandate</DialogTitle>
            <DialogDescription>
              The customer approves it on the authorisation page; debits can be presented once it is active.
            </DialogDescription>
          </DialogHeader>
          <CreateMandateForm
            onCreated={(m) => {
              setCreating(false);
              onSearchChange({ search_key: URN_KEY, search_value: m.urn, selected: m.urn });
            }}
          />
        </DialogContent>
      </Dialog>
    </ListPage>
  );
}
