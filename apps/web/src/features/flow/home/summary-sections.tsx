import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { PayoutStatus } from '@meridian/contract';
import { Code, DateTimeText, MoneyText, StatusBadge } from '@/components/data-table/cells';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatPaise, toPaise } from '@/lib/format/money';
import { timeZonePreference } from '@/lib/preferences/display';
import { useFlowSummary, type FlowSummary } from '../api/summary';
import { PAYOUT_STATUS_VARIANTS } from '../lists/statuses';
import { shortDay } from './short-day';
import { SummarySkeleton } from './summary-skeleton';
import { VolumeChart } from './volume-chart';

/** Spec order of payout states (a local list: the contract's runtime would pull zod into this chunk). */
const STATUSES = ['PENDING', 'SUCCESS', 'FAILURE', 'RETURNED'] as const satisfies readonly PayoutStatus[];
const STATUS_LABELS: Record<PayoutStatus, string> = {
  PENDING: 'Pending',
  SUCCESS: 'Successful',
  FAILURE: 'Failed',
  RETURNED: 'Returned',
  PENDING_APPROVAL: 'Pending approval',
  REJECTED: 'Rejected',
};

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Balances({ accounts }: { accounts: FlowSummary['accounts'] }) {
  if (accounts.length === 0) {
    return <p className="text-sm text-muted-foreground">No accounts yet.</p>;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {accounts.map((a) => (
        <li key={a.account_number}>
          <Card className="h-full gap-3 py-4">
            <CardHeader className="px-4">
              <CardTitle as="h3" className="text-base">
                {a.account_name}
              </CardTitle>
              <CardDescription>
                {a.provider} · <Code>{a.account_number}</Code> · {a.ifsc}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-1 px-4">
              <MoneyText value={a.balance} className="text-2xl font-semibold" />
              <span className="text-xs text-muted-foreground">
                Updated <DateTimeText value={a.updated_at} />
              </span>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function TodayByStatus({ today }: { today: FlowSummary['today'] }) {
  const byStatus = new Map(today.map((t) => [t.status, t]));
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {STATUSES.map((status) => {
        const entry = byStatus.get(status);
        return (
          <li key={status} className="flex flex-col gap-2 rounded-xl border bg-card p-4">
            <StatusBadge status={status} variants={PAYOUT_STATUS_VARIANTS} label={STATUS_LABELS[status]} />
            <span className="text-2xl font-semibold tabular-nums">{entry?.count ?? 0}</span>
            <MoneyText value={entry?.amount ?? '0.00'} className="text-sm text-muted-foreground" />
          </li>
        );
      })}
    </ul>
  );
}

function Volume({ volume }: { volume: FlowSummary['volume'] }) {
  const total = volume.reduce((sum, d) => sum + (toPaise(d.amount) ?? 0n), 0n);
  const count = volume.reduce((sum, d) => sum + d.count, 0);
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <p className="text-sm text-muted-foreground">
        {count} payout{count === 1 ? '' : 's'} · {formatPaise(total)}
      </p>
      <VolumeChart days={volume} />
      <Table density="none" className="sr-only">
        <TableCaption>Payouts per day, last 7 days</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Day</TableHead>
            <TableHead>Payouts</TableHead>
            <TableHead>Amount</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {volume.map((d) => (
            <TableRow key={d.date}>
              <TableHead scope="row">{shortDay(d.date)}</TableHead>
              <TableCell>{d.count}</TableCell>
              <TableCell>
                <MoneyText value={d.amount} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function RecentPayouts({ recent }: { recent: FlowSummary['recent'] }) {
  if (recent.length === 0) {
    return <p className="text-sm text-muted-foreground">No payouts yet. Initiate one to see it here.</p>;
  }
  return (
    <Table scrollLabel="The latest payouts">
      <TableCaption>The latest payouts</TableCaption>
      <TableHeader className="bg-muted/50 text-muted-foreground">
        <TableRow>
          {['URN', 'Beneficiary', 'Amount', 'Status', 'Created'].map((h) => (
            <TableHead key={h} align={h === 'Amount' ? 'right' : 'left'}>
              {h}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {recent.map((p) => (
          <TableRow key={p.urn} className="border-t">
            <TableHead scope="row" className="font-normal">
              <Link
                to="/flow/payouts"
                search={{ selected: p.urn }}
                className="font-mono text-[0.8125rem] whitespace-nowrap underline-offset-4 hover:underline"
              >
                {p.urn}
              </Link>
            </TableHead>
            <TableCell>{p.beneficiary_name}</TableCell>
            <TableCell align="right">
              <MoneyText value={p.amount} />
            </TableCell>
            <TableCell>
              <StatusBadge status={p.status} variants={PAYOUT_STATUS_VARIANTS} />
            </TableCell>
            <TableCell>
              <DateTimeText value={p.created_at} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The numbers of the /flow home (GET /{provider}/read/fetch/flow/summary in the user's time zone): balances,
 * today's payouts by status, the 7-day volume and the latest payouts. With the page in one chunk: the data
 * request starts one round trip after the app's scripts.
 */
export default function FlowSummarySections() {
  const timeZone = timeZonePreference.use();
  const summary = useFlowSummary(timeZone);
  if (summary.isPending) return <SummarySkeleton />;
  if (summary.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4"
      >
        <p className="text-sm">The overview could not be loaded: {summary.error.message}</p>
        <Button variant="outline" onClick={() => void summary.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <>
      <Section title="Balances">
        <Balances accounts={summary.data.accounts} />
      </Section>
      <Section
        title="Today's payouts"
        action={
          <Link to="/flow/payouts" className="text-sm underline-offset-4 hover:underline">
            All payouts
          </Link>
        }
      >
        <TodayByStatus today={summary.data.today} />
      </Section>
      <Section title="Last 7 days">
        <Volume volume={summary.data.volume} />
      </Section>
      <Section title="Recent payouts">
        <RecentPayouts recent={summary.data.recent} />
      </Section>
    </>
  );
}
