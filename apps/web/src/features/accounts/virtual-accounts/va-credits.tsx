import { useId, useState } from 'react';
import {
  VA_CREDIT_STATUSES,
  VA_CREDIT_STATUS_LABELS,
  type VirtualAccount,
  type VirtualAccountCredit,
} from '@meridian/contract/accounts';
import { MAX_RANGE_DAYS } from '@meridian/contract/lists';
import { Code, DateTimeText, MoneyText, Pagination, StatusBadge } from '@/components/data-table';
import { addDays } from '@/components/data-table/list-state';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format/date';
import { timeZonePreference } from '@/lib/preferences/display';
import { todayIn } from '@/components/data-table';
import { useCredits, useCreditsCount, type CreditsQuery } from '../api/credits';
import { CREDIT_STATUS_VARIANTS } from '../accounts-page';
import { TraceLink } from '@/components/trace/trace-link';

type StatusFilter = '' | VirtualAccountCredit['status'];
const PAGE = 10;

/** The credits query of one virtual account: every day since it was opened (at most the longest range). */
export function vaCreditsQuery(
  va: Pick<VirtualAccount, 'account_number' | 'created_at'>,
  timeZone: string,
  today: string,
  offset: number,
  status: StatusFilter,
): CreditsQuery {
  const opened = formatDateTime(va.created_at, timeZone, 'yyyy-MM-dd');
  const earliest = addDays(today, -(MAX_RANGE_DAYS - 1));
  const start = opened === '-' || opened < earliest ? earliest : opened > today ? today : opened;
  return {
    start_date: start,
    end_date: today,
    time_zone: timeZone,
    limit: PAGE,
    offset,
    search_key: 'virtual_account_number',
    search_value: va.account_number,
    ...(status ? { status } : {}),
  };
}

/** The money that arrived in a virtual account: credited or returned (with the reason), newest first. */
export function VaCredits({ va }: { va: VirtualAccount }) {
  const id = useId();
  const timeZone = timeZonePreference.use();
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<StatusFilter>('');
  const query = vaCreditsQuery(va, timeZone, todayIn(timeZone), offset, status);
  const list = useCredits(query);
  const count = useCreditsCount(query);
  const rows = list.data ?? [];

  return (
    <div className="flex flex-col gap-3">
      <div className="grid w-fit gap-1.5">
        <Label htmlFor={`${id}-status`}>Credit status</Label>
        <Select
          id={`${id}-status`}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as StatusFilter);
            setOffset(0);
          }}
          className="w-40"
        >
          <option value="">All</option>
          {VA_CREDIT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {VA_CREDIT_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      {list.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : list.isError && list.data === undefined ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>The credits could not be loaded: {list.error.message}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No money has arrived in this account yet.</p>
      ) : (
        <ul aria-label={`Credits of ${va.account_number}`} className="flex flex-col gap-2">
          {rows.map((c) => (
            <li key={c.urn} className="flex flex-col gap-1 rounded-lg border p-3 text-sm">
              <span className="flex flex-wrap items-center justify-between gap-2">
                <MoneyText value={c.amount} className="font-semibold" />
                <StatusBadge status={c.status} variants={CREDIT_STATUS_VARIANTS} />
              </span>
              <span>
                {c.remitter_name} · {c.mode} · UTR <Code>{c.bank_reference_number}</Code>
              </span>
              {c.status === 'RETURNED' && c.return_reason && (
                <span className="text-destructive">Returned: {c.return_reason}</span>
              )}
              <span className="flex flex-wrap items-center justify-between gap-2">
                <DateTimeText value={c.created_at} className="text-xs text-muted-foreground" />
                <TraceLink id={c.urn} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {(rows.length > 0 || offset > 0) && (
        <Pagination
          offset={offset}
          limit={PAGE}
          rows={rows.length}
          count={count.data}
          onOffset={setOffset}
          label={`Pages of credits of ${va.account_number}`}
        />
      )}
    </div>
  );
}
