import { useState } from 'react';
import { SETTLEMENTS_LIST, type Settlement } from '@meridian/contract/accounts';
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
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { serverErrorMessage } from '@/components/form/server-errors';
import { settlementHistoryEndpoints, useReattemptSettlement } from './api';
import { SETTLEMENT_STATUS_VARIANTS, typeLabel } from './statuses';
import { Can } from '@/components/permissions/can';

/** The history's URL state: the list filter with its definition's filters (status, type, amount range). */
export type SettlementHistorySearch = ListSearch;

const triggerLabel = (s: Settlement) => (s.trigger === 'MANUAL' ? 'Manual' : 'Scheduled');

/** The page's own cells; every other column is drawn from the list definition. */
const COLUMNS: ColumnOverrides<Settlement, ColumnKey<typeof SETTLEMENTS_LIST>> = {
  cells: {
    type: (s) => typeLabel(s.type),
    trigger: triggerLabel,
  },
  statusVariants: { status: SETTLEMENT_STATUS_VARIANTS },
  primary: 'urn',
  cards: { account_number: 'primary' },
};

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
          ['Trigger', triggerLabel(s)],
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
      {s.status === 'FAILED' && (
        <Can permission="settlements.manage">
          <Reattempt settlement={s} />
        </Can>
      )}
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
  return (
    <section aria-labelledby="settlement-history" className="flex flex-col gap-3">
      <h2 id="settlement-history" className="text-lg font-semibold">
        Settlement history
      </h2>
      <DataTable
        list={SETTLEMENTS_LIST}
        endpoints={settlementHistoryEndpoints}
        {...COLUMNS}
        rowId={(s) => s.urn}
        details={DETAILS}
        empty={{
          title: 'No settlements in this date range',
          hint: 'Settlements appear here when a cycle runs, on schedule or when you run it now.',
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
    </section>
  );
}
