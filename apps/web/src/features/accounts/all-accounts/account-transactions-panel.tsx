import { useId, useState, type ReactNode } from 'react';
import type { Transaction } from '@meridian/contract';
import { ACCOUNT_TRANSACTIONS_LIST } from '@meridian/contract/accounts';
import {
  Code,
  DateTimeText,
  MoneyText,
  Pagination,
  type CardRole,
  type DataTableColumn,
} from '@/components/data-table';
import { RowCards } from '@/components/data-table/row-cards';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cx } from '@/lib/cx';
import { CATEGORY_LABELS, signedAmount } from '@/lib/format/transactions';
import { timeZonePreference } from '@/lib/preferences/display';
import { useMediaQuery } from '@/lib/use-media-query';
import { useAccountTransactions, useAccountTransactionsCount } from '../api/account-transactions';
import {
  filterByReference,
  toTransactionsQuery,
  type AccountTransactionsState,
  type SelectedAccount,
} from './account-transactions-state';

function SignedAmount({ t }: { t: Transaction }) {
  return (
    <span
      className={cx(
        'whitespace-nowrap tabular-nums',
        t.type === 'CREDIT' ? 'font-medium text-success' : 'text-foreground',
      )}
    >
      {signedAmount(t.type, t.amount)}
    </span>
  );
}

/** The panel's own cells (the rest as text); headers and which columns show come from the list definition. */
const CELLS: Partial<Record<string, (t: Transaction) => ReactNode>> = {
  created_at: (t) => <DateTimeText value={t.created_at} />,
  transaction_id: (t) => <Code>{t.transaction_id}</Code>,
  type: (t) => (
    <span className="flex flex-col">
      <span>{t.type === 'CREDIT' ? 'Credit' : 'Debit'}</span>
      <span className="text-xs text-muted-foreground">{CATEGORY_LABELS[t.category] ?? t.category}</span>
    </span>
  ),
  amount: (t) => <SignedAmount t={t} />,
  balance: (t) => <MoneyText value={t.balance} />,
  bank_reference_number: (t) => <Code>{t.bank_reference_number}</Code>,
  customer_reference_number: (t) => <Code>{t.customer_reference_number}</Code>,
};
const CARDS: Partial<Record<string, CardRole>> = {
  created_at: 'time',
  transaction_id: 'secondary',
  amount: 'amount',
  description: 'primary',
  customer_reference_number: 'secondary',
};

/** The columns in view (priority 1 and 2 of ACCOUNT_TRANSACTIONS_LIST), the transaction id naming the row. */
export const TRANSACTION_COLUMNS: DataTableColumn<Transaction>[] = ACCOUNT_TRANSACTIONS_LIST.columns
  .filter((c) => c.priority <= 2)
  .map((c) => ({
    id: c.key,
    header: c.label,
    cell: CELLS[c.key] ?? ((t: Transaction) => String(t[c.key as keyof Transaction] ?? '-')),
    ...(c.format === 'money' ? { align: 'right' as const } : {}),
    ...(c.key === 'transaction_id' ? { primary: true } : {}),
    ...(CARDS[c.key] ? { card: CARDS[c.key] } : {}),
  }));

/**
 * One account's transactions, newest first, with their running balance: paged by pageIndex/pageSize from
 * the count ("Page N of M"), and a customer-reference filter applied to the loaded page. The state
 * is the caller's (the URL on all accounts, the dialog's own on a virtual account).
 */
export function AccountTransactionsPanel({
  account,
  state,
  onPageIndex,
  onPageSize,
  onReference,
  headingLevel = 'h2',
  actions,
}: {
  account: SelectedAccount;
  state: AccountTransactionsState;
  onPageIndex: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
  onReference: (reference: string) => void;
  headingLevel?: 'h2' | 'h3';
  actions?: ReactNode;
}) {
  const id = useId();
  const timeZone = timeZonePreference.use();
  const wide = useMediaQuery('(min-width: 48rem)', true);
  const query = toTransactionsQuery(account, state, timeZone);
  const list = useAccountTransactions(account.kind, query);
  const count = useAccountTransactionsCount(account.kind, query);
  const loaded = list.data ?? [];
  const rows = filterByReference(loaded, state.reference);
  const Heading = headingLevel;
  const title = `Transactions of ${account.name || account.number}`;
  const caption = `${title} (${account.number}), page ${state.pageIndex + 1}`;

  let message: ReactNode = null;
  if (list.isError && list.data === undefined) {
    message = (
      <div role="alert" className="flex flex-col items-start gap-3 p-4 text-sm">
        <p>The transactions could not be loaded: {list.error.message}</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!list.isPending && rows.length === 0) {
    message = (
      <p className="p-6 text-center text-sm text-muted-foreground">
        {loaded.length > 0
          ? `No transaction on this page has a customer reference containing “${state.reference}”.`
          : state.pageIndex > 0
            ? 'No transactions on this page.'
            : 'No transactions on this account yet.'}
      </p>
    );
  }

  let view: ReactNode;
  if (list.isPending) {
    view = (
      <div className="flex flex-col gap-2" aria-hidden>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    );
  } else if (message !== null) {
    view = <div className="rounded-xl border bg-card">{message}</div>;
  } else if (!wide) {
    view = (
      <RowCards
        label={caption}
        rows={rows}
        columns={TRANSACTION_COLUMNS}
        rowId={(t) => t.transaction_id}
        selected={undefined}
        onOpen={undefined}
        busy={list.isFetching}
        dimmed={list.isPlaceholderData}
      />
    );
  } else {
    view = (
      <Table
        scrollLabel={`${title} (table)`}
        className={cx(list.isPlaceholderData && 'opacity-60')}
        aria-busy={list.isFetching || undefined}
      >
        <TableCaption>{caption}</TableCaption>
        <TableHeader className="bg-muted/50">
          <TableRow>
            {TRANSACTION_COLUMNS.map((c) => (
              <TableHead
                key={c.id}
                align={c.align === 'right' ? 'right' : 'left'}
                className="whitespace-nowrap text-muted-foreground"
              >
                {c.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((t) => (
            <TableRow key={t.transaction_id} className="border-t">
              {TRANSACTION_COLUMNS.map((c) =>
                c.primary ? (
                  <TableHead key={c.id} scope="row" className="align-top font-normal">
                    {c.cell(t)}
                  </TableHead>
                ) : (
                  <TableCell
                    key={c.id}
                    align={c.align === 'right' ? 'right' : undefined}
                    className="align-top"
                  >
                    {c.cell(t)}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <Heading id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </Heading>
          <p className="text-sm text-muted-foreground">
            <Code>{account.number}</Code> ·{' '}
            {account.kind === 'VIRTUAL' ? 'Virtual account' : 'Current account'}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <ReferenceFilter value={state.reference} onChange={onReference} />
          {actions}
        </div>
      </div>
      <p role="status" className="sr-only">
        {list.isPending ? 'Loading transactions…' : `${rows.length} transactions shown`}
      </p>
      {view}
      {!(list.isError && list.data === undefined) && (
        <Pagination
          offset={state.pageIndex * state.pageSize}
          limit={state.pageSize}
          rows={loaded.length}
          count={count.data}
          showPage
          label={`Pages of ${title.toLowerCase()}`}
          onOffset={(offset) => onPageIndex(Math.floor(offset / state.pageSize))}
          onLimit={onPageSize}
        />
      )}
    </section>
  );
}

/** The customer-reference filter: it narrows the loaded page as the user types. */
function ReferenceFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (draft.trim() !== value) setDraft(value);
  }
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Customer reference</Label>
      <Input
        id={id}
        type="search"
        value={draft}
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        placeholder="Filter this page"
        onChange={(e) => {
          setDraft(e.target.value);
          onChange(e.target.value);
        }}
        className="w-56"
      />
    </div>
  );
}
