import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { AccountsSummary } from '@meridian/contract/accounts';
import { Code, DateTimeText, MoneyText, StatusBadge } from '@/components/data-table/cells';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format/date';
import { timeZonePreference } from '@/lib/preferences/display';
import { useAccountsSummary } from '../api/summary';
import { CREDIT_STATUS_VARIANTS } from '../accounts-page';

function Tile({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-1 rounded-xl border bg-card p-4">
      <span className="text-sm text-muted-foreground">{label}</span>
      {children}
    </li>
  );
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function Overview({ summary }: { summary: AccountsSummary }) {
  const { collections_today: today, collections_week: week, virtual_accounts: vas } = summary;
  return (
    <ul aria-label="Collections and balances" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Tile label="Collected today">
        <MoneyText value={today.amount} className="text-2xl font-semibold" />
        <span className="text-sm text-muted-foreground">{plural(today.count, 'credit')}</span>
      </Tile>
      <Tile label="Collected this week">
        <MoneyText value={week.amount} className="text-2xl font-semibold" />
        <span className="text-sm text-muted-foreground">{plural(week.count, 'credit')}</span>
      </Tile>
      <Tile label="Total balance">
        <MoneyText value={summary.total_balance} className="text-2xl font-semibold" />
        <span className="text-sm text-muted-foreground">Current and virtual accounts</span>
      </Tile>
      <Tile label="Virtual accounts">
        <span className="text-2xl font-semibold tabular-nums">
          {vas.active}{' '}
          <span className="text-base font-normal text-muted-foreground">active of {vas.total}</span>
        </span>
        <span className="text-sm text-muted-foreground">
          Balance <MoneyText value={vas.balance} />
        </span>
      </Tile>
    </ul>
  );
}

function NextSettlement({ next }: { next: AccountsSummary['next_settlement'] }) {
  const timeZone = timeZonePreference.use();
  return (
    <section aria-labelledby="next-settlement" className="flex flex-col gap-2 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="next-settlement" className="text-lg font-semibold">
          Next settlement
        </h2>
        <Link to={'/accounts/settlements' as string} className="text-sm underline underline-offset-4">
          Settlements
        </Link>
      </div>
      {next === null ? (
        <p className="text-muted-foreground">No settlement scheduled</p>
      ) : (
        <div className="flex flex-col gap-1">
          <span className="font-medium">{next.name}</span>
          <time dateTime={next.at} className="tabular-nums">
            {formatDateTime(next.at, timeZone, 'MMM dd, yyyy HH:mm')}
          </time>
          <span className="text-sm text-muted-foreground">
            Estimated <MoneyText value={next.estimated_amount} />
          </span>
        </div>
      )}
    </section>
  );
}

function RecentCredits({ credits }: { credits: AccountsSummary['recent_credits'] }) {
  return (
    <section aria-labelledby="recent-credits" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-credits" className="text-lg font-semibold">
          Recent credits
        </h2>
        <Link to="/accounts/virtual-accounts" className="text-sm underline underline-offset-4">
          Virtual accounts
        </Link>
      </div>
      {credits.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No money has arrived yet. Credits to your virtual accounts show here as they arrive.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {credits.map((c) => (
            <li key={c.urn} className="flex flex-col gap-1 rounded-xl border bg-card p-3 text-sm">
              <span className="flex flex-wrap items-center justify-between gap-2">
                <MoneyText value={c.amount} className="font-semibold" />
                <StatusBadge status={c.status} variants={CREDIT_STATUS_VARIANTS} />
              </span>
              <span className="text-muted-foreground">
                To <Code>{c.virtual_account_number}</Code> from {c.remitter_name} · {c.mode}
              </span>
              {c.status === 'RETURNED' && c.return_reason && (
                <span className="text-destructive">Returned: {c.return_reason}</span>
              )}
              <DateTimeText value={c.created_at} className="text-xs text-muted-foreground" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HomeSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <span className="sr-only">Loading the accounts overview…</span>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-28 w-full rounded-xl" />
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** /accounts: collections, balances, virtual accounts, the next settlement and the latest credits. */
export function AccountsHomePage() {
  const timeZone = timeZonePreference.use();
  const summary = useAccountsSummary(timeZone);
  let body: ReactNode;
  if (summary.isPending) body = <HomeSkeleton />;
  else if (summary.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border p-6">
        <p>The accounts overview could not be loaded: {summary.error.message}</p>
        <Button variant="outline" onClick={() => void summary.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <Overview summary={summary.data} />
        <NextSettlement next={summary.data.next_settlement} />
        <RecentCredits credits={summary.data.recent_credits} />
      </>
    );
  }
  return (
    <PageFrame
      title="Accounts overview"
      description="Money arriving in your virtual accounts, your balances and the next settlement."
      breadcrumb={[{ label: 'Accounts' }, { label: 'Accounts overview' }]}
    >
      {body}
    </PageFrame>
  );
}
