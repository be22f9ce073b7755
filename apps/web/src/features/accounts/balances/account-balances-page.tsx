import type { ReactNode } from 'react';
import type { ManagedAccount } from '@meridian/contract/accounts';
import { Code, MoneyText, StatusBadge } from '@/components/data-table/cells';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatPaise, toPaise } from '@/lib/format/money';
import { timeZonePreference } from '@/lib/preferences/display';
import { useAccountBalances, useCommissionBalance } from '../api/balances';
import { AccountsPage, ACCOUNT_STATUS_VARIANTS, KIND_LABELS } from '../accounts-page';

/** The sum of decimal amounts, in paise (never floats). */
export function totalOf(amounts: readonly string[]): string {
  return formatPaise(amounts.reduce((sum, a) => sum + (toPaise(a) ?? 0n), 0n));
}

function Failed({ what, error, retry }: { what: string; error: Error; retry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border p-4 text-sm">
      <p>
        {what} could not be loaded: {error.message}
      </p>
      <Button variant="outline" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

const th = 'whitespace-nowrap text-muted-foreground';

function BalancesTable({ accounts }: { accounts: ManagedAccount[] }) {
  if (accounts.length === 0) return <p className="text-sm text-muted-foreground">No accounts yet.</p>;
  return (
    <Table scrollLabel="Balances (scrolls sideways)">
      <TableCaption>Balance of every account</TableCaption>
      <TableHeader className="bg-muted/50">
        <TableRow>
          <TableHead className={th}>Account</TableHead>
          <TableHead className={th}>Kind</TableHead>
          <TableHead className={th}>Status</TableHead>
          <TableHead align="right" className={th}>
            Balance
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {accounts.map((a) => (
          <TableRow key={a.account_number} className="border-t">
            <TableHead scope="row" className="align-top font-normal">
              <span className="flex flex-col">
                <span className="font-medium">{a.account_name}</span>
                <Code className="text-muted-foreground">{a.account_number}</Code>
              </span>
            </TableHead>
            <TableCell className="align-top">{KIND_LABELS[a.kind] ?? a.kind}</TableCell>
            <TableCell className="align-top">
              <StatusBadge status={a.status} variants={ACCOUNT_STATUS_VARIANTS} />
            </TableCell>
            <TableCell align="right" className="align-top">
              <MoneyText value={a.balance} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow className="border-t bg-muted/50 font-semibold">
          <TableHead scope="row" colSpan={3} className="align-top">
            Total ({accounts.length} accounts)
          </TableHead>
          <TableCell align="right" className="align-top whitespace-nowrap tabular-nums">
            {totalOf(accounts.map((a) => a.balance))}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}

function CommissionCard() {
  const commission = useCommissionBalance(timeZonePreference.use());
  let body: ReactNode;
  if (commission.isPending) body = <Skeleton className="h-16 w-full" />;
  else if (commission.isError)
    body = (
      <Failed
        what="The commission balance"
        error={commission.error}
        retry={() => void commission.refetch()}
      />
    );
  else
    body = (
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-muted-foreground">Total</dt>
          <dd>
            <MoneyText value={commission.data.commission_balance} className="text-xl font-semibold" />
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-muted-foreground">Today</dt>
          <dd>
            <MoneyText value={commission.data.today} className="text-xl font-semibold" />
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-muted-foreground">This month</dt>
          <dd>
            <MoneyText value={commission.data.this_month} className="text-xl font-semibold" />
          </dd>
        </div>
      </dl>
    );
  return (
    <section aria-labelledby="commission" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-col gap-1">
        <h2 id="commission" className="text-lg font-semibold">
          Commission balance
        </h2>
        <p className="text-sm text-muted-foreground">
          Fees Meridian has charged you, e.g. bank-account validation, net of refunds.
        </p>
      </div>
      {body}
    </section>
  );
}

/** /accounts/account-balances: every account's balance with the total, and the commission balance. */
export function AccountBalancesPage() {
  const balances = useAccountBalances();
  return (
    <AccountsPage
      path="/accounts/account-balances"
      description="The balance of each of your accounts, and the fees charged to you."
    >
      <CommissionCard />
      <section aria-labelledby="balances" className="flex flex-col gap-3">
        <h2 id="balances" className="text-lg font-semibold">
          Balances
        </h2>
        {balances.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            <span className="sr-only">Loading balances…</span>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : balances.isError ? (
          <Failed what="The balances" error={balances.error} retry={() => void balances.refetch()} />
        ) : (
          <BalancesTable accounts={balances.data} />
        )}
      </section>
    </AccountsPage>
  );
}
