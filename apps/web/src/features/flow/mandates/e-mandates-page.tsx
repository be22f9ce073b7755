import { useState } from 'react';
import {
  MANDATE_PRESENTATIONS_LIST,
  MANDATE_REGISTRATIONS_LIST,
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
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
  type ListSearch,
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
import { Can } from '@/components/permissions/can';

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

const typeLabel = (t: Mandate['type']) => (t === 'NACH' ? 'NACH' : 'UPI autopay');
const frequencyLabel = (f: Mandate['frequency']) =>
  f === 'ADHOC' ? 'Ad hoc' : f.charAt(0) + f.slice(1).toLowerCase();

/** The registrations' own cells (type and frequency by name, status colours); the rest from the definition. */
const REGISTRATION_COLUMNS: ColumnOverrides<Mandate, ColumnKey<typeof MANDATE_REGISTRATIONS_LIST>> = {
  cells: {
    type: (m) => typeLabel(m.type),
    frequency: (m) => frequencyLabel(m.frequency),
  },
  statusVariants: { status: MANDATE_STATUS_VARIANTS },
  primary: 'urn',
  cards: { customer_name: 'primary', urn: 'secondary' },
};

/** The debits' own cells (the mandate type by name, status colours); the rest from the definition. */
const PRESENTATION_COLUMNS: ColumnOverrides<Presentation, ColumnKey<typeof MANDATE_PRESENTATIONS_LIST>> = {
  cells: { mandate_type: (p) => typeLabel(p.mandate_type) },
  statusVariants: { status: PRESENTATION_STATUS_VARIANTS },
  primary: 'urn',
  cards: { customer_name: 'primary', urn: 'secondary' },
};

const ACTIONS: { action: MandateAction; label: string; when: Mandate['status'][] }[] = [
  { action: 'pause', label: 'Pause', when: ['ACTIVE'] },
  { action: 'resume', label: 'Resume', when: ['PAUSED'] },
  { action: 'cancel', label: 'Cancel mandate', when: ['PENDING', 'ACTIVE', 'PAUSED'] },
];

/** What a mandate's details add to its column values: the authorisation link, the actions, the timeline. */
function MandateDetailsView({ mandate }: { mandate: MandateDetails }) {
  const change = useChangeMandate();
  const m = mandate;
  return (
    <div className="flex flex-col gap-4">
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
        <Can permission="mandates.manage">
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
        </Can>
      )}
      {m.status === 'ACTIVE' && (
        <Can permission="mandates.manage">
          <DetailsSection title="Present a debit">
            <PresentDebitForm mandate={m} />
          </DetailsSection>
        </Can>
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
  // The column values from the fetched mandate: an action's outcome shows at once.
  row: (mandate) => mandate,
  render: (mandate) => <MandateDetailsView mandate={mandate} />,
};

const PRESENTATION_DETAILS: DataTableDetails<Presentation> = {
  title: (urn) => `Debit ${urn}`,
  idLabel: 'URN',
  noun: 'debit',
  // Every column's value is listed; the last change beside them.
  render: (p) => <DetailList items={[['Updated', <DateTimeText key="u" value={p.updated_at} />]]} />,
};

const TABS: { id: MandatesTab; label: string }[] = [
  { id: 'registrations', label: 'Registrations' },
  { id: 'presentations', label: 'Debits' },
];

/** The two lists' tabs; choosing the other starts it afresh (its filters are its own). */
function MandateTabs({ tab, onTab }: { tab: MandatesTab; onTab: (tab: MandatesTab) => void }) {
  return (
    <div role="tablist" aria-label="E-mandate lists" className="flex gap-1 border-b">
      {TABS.map((t) => (
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
          onClick={() => tab !== t.id && onTab(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

function CreateMandateDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (mandate: Mandate) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>New mandate</DialogTitle>
          <DialogDescription>
            The customer approves it on the authorisation page; debits can be presented once it is active.
          </DialogDescription>
        </DialogHeader>
        <CreateMandateForm onCreated={onCreated} />
      </DialogContent>
    </Dialog>
  );
}

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
  const { tab: _tab, ...listSearch } = search;
  // The table writes its next search (its own filters included); the tab stays.
  const keepTab = (next: ListSearch) =>
    onSearchChange({ ...next, ...(tab === 'registrations' ? {} : { tab }) });
  return (
    <ListPage
      path="/flow/e-mandates"
      description="NACH and UPI-autopay mandates your customers authorise, and the debits presented under them."
      actions={
        <Can permission="mandates.manage">
          <Button onClick={() => setCreating(true)}>
            <FilePlus aria-hidden />
            New mandate
          </Button>
        </Can>
      }
    >
      <MandateTabs tab={tab} onTab={(id) => onSearchChange(id === 'registrations' ? {} : { tab: id })} />
      <div role="tabpanel" id="mandates-panel" aria-labelledby={`mandates-tab-${tab}`}>
        {tab === 'registrations' ? (
          <DataTable
            list={MANDATE_REGISTRATIONS_LIST}
            endpoints={mandatesEndpoints}
            {...REGISTRATION_COLUMNS}
            rowId={(m) => m.urn}
            details={REGISTRATION_DETAILS}
            empty={{
              title: 'No mandates in this date range',
              hint: 'Mandates are listed by the day they were registered; widen the range or register one.',
            }}
            search={listSearch}
            onSearchChange={keepTab}
          />
        ) : (
          <DataTable
            list={MANDATE_PRESENTATIONS_LIST}
            endpoints={presentationsEndpoints}
            {...PRESENTATION_COLUMNS}
            rowId={(p) => p.urn}
            details={PRESENTATION_DETAILS}
            // A saved view's link opens this tab.
            viewLink={(view) => ({ tab: 'presentations', ...view })}
            empty={{
              title: 'No debits in this date range',
              hint: 'Present a debit from an active mandate’s details.',
            }}
            search={listSearch}
            onSearchChange={keepTab}
          />
        )}
      </div>
      <CreateMandateDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(m) => {
          setCreating(false);
          onSearchChange({ search_key: URN_KEY, search_value: m.urn, selected: m.urn });
        }}
      />
    </ListPage>
  );
}
