import type { ReactNode } from 'react';
import type { Transaction } from '@meridian/contract';
import { RowCards } from '@/components/data-table/row-cards';
import { Button } from '@/components/ui/button';
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
import { useMediaQuery } from '@/lib/use-media-query';
import type { useAccountTransactions } from '../api/account-transactions';
import type { AccountTransactionsState } from './account-transactions-state';
import { TRANSACTION_COLUMNS } from './transaction-columns';

type TransactionsList = ReturnType<typeof useAccountTransactions>;

/**
 * The loaded page of transactions: skeletons while it loads, the error or why it is empty, else cards on a
 * narrow screen and a table on a wide one.
 */
export function TransactionsView({
  list,
  loaded,
  rows,
  state,
  title,
  caption,
}: {
  list: TransactionsList;
  /** The page as loaded; `rows` is what the reference filter keeps of it. */
  loaded: readonly Transaction[];
  rows: Transaction[];
  state: AccountTransactionsState;
  title: string;
  caption: string;
}) {
  const wide = useMediaQuery('(min-width: 48rem)', true);
  if (list.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-hidden>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  const message = listMessage(list, loaded.length, rows.length, state);
  if (message !== null) return <div className="rounded-xl border bg-card">{message}</div>;
  if (!wide) {
    return (
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
  }
  return (
    <TransactionsTable
      rows={rows}
      title={title}
      caption={caption}
      dimmed={list.isPlaceholderData}
      busy={list.isFetching}
    />
  );
}

/** The error (with a retry), or why no row shows; null when there are rows. */
function listMessage(
  list: TransactionsList,
  loaded: number,
  shown: number,
  { reference, pageIndex }: AccountTransactionsState,
): ReactNode {
  if (list.isError && list.data === undefined) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 p-4 text-sm">
        <p>The transactions could not be loaded: {list.error.message}</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!list.isPending && shown === 0) {
    return (
      <p className="p-6 text-center text-sm text-muted-foreground">
        {loaded > 0
          ? `No transaction on this page has a customer reference containing “${reference}”.`
          : pageIndex > 0
            ? 'No transactions on this page.'
            : 'No transactions on this account yet.'}
      </p>
    );
  }
  return null;
}

function TransactionsTable({
  rows,
  title,
  caption,
  dimmed,
  busy,
}: {
  rows: Transaction[];
  title: string;
  caption: string;
  dimmed: boolean;
  busy: boolean;
}) {
  return (
    <Table
      scrollLabel={`${title} (table)`}
      className={cx(dimmed && 'opacity-60')}
      aria-busy={busy || undefined}
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
                <TableCell key={c.id} align={c.align === 'right' ? 'right' : undefined} className="align-top">
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
