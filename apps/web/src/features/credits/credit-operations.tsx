import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CreditOperationRow } from '@meridian/contract/accounts';
import { Code, DateTimeText, StatusBadge } from '@/components/data-table';
import { Pagination } from '@/components/data-table/pagination';
import type { BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableStateRow,
} from '@/components/ui/table';
import { cx } from '@/lib/cx';
import { creditOperationsCountQueryOptions, creditOperationsQueryOptions } from './api';
import { formatCredits } from './adjust-dialog';

const KIND_VARIANTS = {
  LOAD: 'green',
  REFUND: 'blue',
  UNLOAD: 'yellow',
  CONSUME: 'grey',
} as const satisfies Record<string, BadgeVariant>;
const th = 'whitespace-nowrap text-muted-foreground';
const td = 'align-top';

/** A company's credit operations, newest first, paged by offset and limit. */
export function CreditOperations({ clientId, companyName }: { clientId: string; companyName: string }) {
  const [limit, setLimit] = useState(10);
  const [offset, setOffset] = useState(0);
  const list = useQuery(creditOperationsQueryOptions(clientId, limit, offset));
  const count = useQuery(creditOperationsCountQueryOptions(clientId));
  const rows = list.data ?? [];
  const caption = `Credit operations of ${companyName}`;
  return (
    <section aria-labelledby="credit-operations" className="flex flex-col gap-3">
      <h3 id="credit-operations" className="font-semibold">
        Credit operations
      </h3>
      {list.isError && !list.data ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>The credit operations could not be loaded: {list.error.message}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Table
          scrollLabel={caption}
          className={cx(list.isPlaceholderData && 'opacity-60')}
          aria-busy={list.isFetching || undefined}
        >
          <TableCaption>{caption}</TableCaption>
          <TableHeader className="bg-muted/50">
            <TableRow>
              <TableHead className={th}>Time</TableHead>
              <TableHead className={th}>Kind</TableHead>
              <TableHead align="right" className={th}>
                Credits
              </TableHead>
              <TableHead align="right" className={th}>
                Balance after
              </TableHead>
              <TableHead className={th}>Reason</TableHead>
              <TableHead className={th}>Actor</TableHead>
              <TableHead className={th}>Reference</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.isPending ? (
              <TableStateRow colSpan={7} loading />
            ) : rows.length === 0 ? (
              <TableStateRow colSpan={7}>
                {offset > 0 ? 'No operations on this page.' : 'No credit operations yet.'}
              </TableStateRow>
            ) : (
              rows.map((op, i) => <OperationRow key={`${op.reference}-${op.created_at}-${i}`} op={op} />)
            )}
          </TableBody>
        </Table>
      )}
      <Pagination
        offset={offset}
        limit={limit}
        rows={rows.length}
        count={count.data}
        onOffset={setOffset}
        onLimit={(next) => {
          setLimit(next);
          setOffset(0);
        }}
      />
    </section>
  );
}

/** One operation: when, its kind, the credits (signed, coloured), the balance after, why, who, its reference. */
function OperationRow({ op }: { op: CreditOperationRow }) {
  return (
    <TableRow className="border-t">
      <TableCell className={td}>
        <DateTimeText value={op.created_at} />
      </TableCell>
      <TableCell className={td}>
        <StatusBadge status={op.kind} variants={KIND_VARIANTS} />
      </TableCell>
      <TableCell
        align="right"
        className={cx(
          td,
          'tabular-nums whitespace-nowrap',
          op.credits < 0 ? 'text-destructive' : 'text-green-700 dark:text-green-400',
        )}
      >
        {op.credits > 0 ? '+' : op.credits < 0 ? '−' : ''}
        {formatCredits(Math.abs(op.credits))}
      </TableCell>
      <TableCell align="right" className={cx(td, 'tabular-nums')}>
        {formatCredits(op.balance_after)}
      </TableCell>
      <TableCell className={cx(td, 'max-w-64 break-words')}>{op.reason ?? '-'}</TableCell>
      <TableCell className={td}>{op.actor}</TableCell>
      <TableCell className={td}>
        <Code>{op.reference}</Code>
      </TableCell>
    </TableRow>
  );
}
