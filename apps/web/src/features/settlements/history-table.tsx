import { useState } from 'react';
import { ACCOUNT_SEARCH_KEYS, type Settlement } from '@meridian/contract/accounts';
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
import { Button } from '@/components/ui/button';
import { PROVIDER } from '@/lib/env';
import { toast } from '@/lib/toast';
import { serverErrorMessage } from '@/components/form/server-errors';
import { settlementHistoryEndpoints, useReattemptSettlement, useSettlementOptions } from './api';
import { SETTLEMENT_STATUS_VARIANTS, typeLabel } from './statuses';

/** The history's URL state: the list filter plus its own `status` and `type`. */
export type SettlementHistorySearch = ListSearch & { status?: string; type?: string };

const KEY_LABELS: Record<string, string> = { urn: 'URN', bank_reference_number: 'Bank reference (UTR)' };
const SEARCH_KEYS: SearchKeyOption[] = ACCOUNT_SEARCH_KEYS.settlements.map((key) => {
  const value = key.replace('{product}', PROVIDER);
  return { value, label: KEY_LABELS[key.replace('{product}_', '')] ?? value };
});

function Window({ s }: { s: Settlement }) {
  return (
    <span className="flex flex-col text-xs">
      <DateTimeText value={s.window_start} />
      <DateTimeText value={s.window_end} className="text-muted-foreground" />
    </span>
  );
}

const COLUMNS: DataTableColumn<Settlement>[] = [
  { id: 'urn', header: 'URN', primary: true, card: 'secondary', cell: (s) => <Code>{s.urn}</Code> },
  { id: 'cycle', header: 'Cycle', cell: (s) => <Code>{s.cycle_id}</Code> },
  { id: 'type', header: 'Type', cell: (s) => typeLabel(s.type) },
  { id: 'trigger', header: 'Trigger', cell: (s) => (s.trigger === 'MANUAL' ? 'Manual' : 'Scheduled') },
  { id: 'window', header: 'Window', cell: (s) => <Window s={s} /> },
  { id: 'account', header: 'VA account', card: 'primary', cell: (s) => <Code>{s.account_number}</Code> },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    card: 'amount',
    cell: (s) => <MoneyText value={s.amount} />,
  },
  {
    id: 'status',
    header: 'Status',
    card: 'status',
    cell: (s) => <StatusBadge status={s.status} variants={SETTLEMENT_STATUS_VARIANTS} />,
  },
  { id: 'utr', header: 'UTR', cell: (s) => <Code>{s.bank_reference_number}</Code> },
  { id: 'attempts', header: 'Attempts', align: 'right', cell: (s) => s.attempts },
  { id: 'created_at', header: 'Created', card: 'time', cell: (s) => <DateTimeText value={s.created_at} /> },
];

function Reattempt({ settlement }: { settlement: Settlement }) {
  const reattempt = useReattemptSettlement();
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      const next = await reattempt.mutateAsync(settlement.urn);
      toast.success('Settlement reattempted', { description: `Status: ${next.status}` });
    } catch (e) {
      setError(serverErrorMessage(e));
    }
  };
  return (
    <div className="flex flex-col items-start gap-2 border-t pt-4">
      <p className="text-sm text-muted-foreground">
        This settlement failed. Reattempting sends the same amount to the settlement account again.
      </p>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button onClick={() => void run()} disabled={reattempt.isPending}>
        {reattempt.isPending ? 'Reattempting…' : 'Reattempt'}
      </Button>
    </div>
  );
}

function SettlementDetails({ settlement: s }: { settlement: Settlement }) {
  return (
    <div className="flex flex-col gap-4">
      <DetailList
        items={[
          [
            'URN',
            <Code wrap key="urn">
              {s.urn}
            </Code>,
          ],
          ['Status', <StatusBadge key="status" status={s.status} variants={SETTLEMENT_STATUS_VARIANTS} />],
          ['Status message', s.status_message],
          ['Amount', <MoneyText key="amount" value={s.amount} />],
          [
            'Cycle',
            <Code wrap key="cycle">
              {s.cycle_id}
            </Code>,
          ],
          ['Type', typeLabel(s.type)],
          ['Trigger', s.trigger === 'MANUAL' ? 'Manual' : 'Scheduled'],
          ['Window start', <DateTimeText key="ws" value={s.window_start} />],
          ['Window end', <DateTimeText key="we" value={s.window_end} />],
          [
            'Virtual account',
            <Code wrap key="va">
              {s.account_number}
            </Code>,
          ],
          [
            'Settlement account',
            <Code wrap key="sa">
              {s.settlement_account_number}
            </Code>,
          ],
          [
            'Payout URN',
            s.payout_urn && (
              <Code wrap key="payout">
                {s.payout_urn}
              </Code>
            ),
          ],
          [
            'Bank reference (UTR)',
            s.bank_reference_number && (
              <Code wrap key="utr">
                {s.bank_reference_number}
              </Code>
            ),
          ],
          ['Attempts', String(s.attempts)],
          ['Created', <DateTimeText key="created" value={s.created_at} />],
          ['Updated', <DateTimeText key="updated" value={s.updated_at} />],
        ]}
      />
      {s.status === 'FAILED' && <Reattempt settlement={s} />}
    </div>
  );
}

const DETAILS: DataTableDetails<Settlement> = {
  title: (urn) => `Settlement ${urn}`,
  idLabel: 'URN',
  description: (_urn, row) => (row ? `${typeLabel(row.type)} · ${row.account_number}` : 'Settlement details'),
  noun: 'settlement',
  render: (s) => <SettlementDetails settlement={s} />,
};

export function SettlementHistory({
  search,
  onSearchChange,
}: {
  search: SettlementHistorySearch;
  onSearchChange: (next: SettlementHistorySearch) => void;
}) {
  const statuses = useSettlementOptions('status');
  const types = useSettlementOptions('type');
  const { status, type } = search;
  const setFilter = (name: 'status' | 'type', value: string) =>
    onSearchChange({ ...search, offset: undefined, selected: undefined, [name]: value || undefined });
  return (
    <section aria-labelledby="settlement-history" className="flex flex-col gap-3">
      <h2 id="settlement-history" className="text-lg font-semibold">
        Settlement history
      </h2>
      <DataTable
        title="Settlements"
        endpoints={settlementHistoryEndpoints}
        columns={COLUMNS}
        searchKeys={SEARCH_KEYS}
        rowId={(s) => s.urn}
        details={DETAILS}
        params={{ status, type }}
        filters={[
          {
            label: 'Status',
            value: status ?? '',
            options: statuses.data ?? [],
            allLabel: 'All statuses',
            onChange: (v) => setFilter('status', v),
          },
          {
            label: 'Type',
            value: type ?? '',
            options: types.data ?? [],
            allLabel: 'All types',
            onChange: (v) => setFilter('type', v),
          },
        ]}
        empty={{
          title: 'No settlements in this date range',
          hint: 'Settlements appear here when a cycle runs, on schedule or when you run it now.',
        }}
        exportName="settlements"
        search={search}
        onSearchChange={(next) => onSearchChange({ ...next, status, type })}
      />
    </section>
  );
}
