import { ScrollRegion } from '@/components/ui/scroll-region';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Code, DateTimeText, StatusBadge } from '@/components/data-table';
import { Pagination } from '@/components/data-table/pagination';
import type { BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cx } from '@/lib/cx';
import { creditOperationsCountQueryOptions, creditOperationsQueryOptions } from './api';
import { formatCredits } from './adjust-dialog';

const KIND_VARIANTS = {
  LOAD: 'green',
  REFUND: 'blue',
  UNLOAD: 'yellow',
  CONSUME: 'grey',
} as const satisfies Record<string, BadgeVariant>;
const th = 'h-10 px-3 text-left font-medium whitespace-nowrap text-muted-foreground';
const td = 'px-3 py-2 align-top';

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
        <ScrollRegion label={caption}>
          <table
            className={cx('w-full text-sm', list.isPlaceholderData && 'opacity-60')}
            aria-busy={list.isFetching || undefined}
          >
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-muted/50">
              <tr>
                <th scope="col" className={th}>
                  Time
                </th>
                <th scope="col" className={th}>
                  Kind
                </th>
                <th scope="col" className={cx(th, 'text-right')}>
                  Credits
                </th>
                <th scope="col" className={cx(th, 'text-right')}>
                  Balance after
                </th>
                <th scope="col" className={th}>
                  Reason
                </th>
                <th scope="col" className={th}>
                  Actor
                </th>
                <th scope="col" className={th}>
                  Reference
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isPending ? (
                <tr>
                  <td colSpan={7} className={td}>
                    <Skeleton className="h-16 w-full" />
                  </td>
                </tr>
              ) : rows.length === 0 ? (
                <tr>
                  <td colSpan={7} className="px-3 py-8 text-center text-muted-foreground">
                    {offset > 0 ? 'No operations on this page.' : 'No credit operations yet.'}
                  </td>
                </tr>
              ) : (
                rows.map((op, i) => (
                  <tr key={`${op.reference}-${op.created_at}-${i}`} className="border-t">
                    <td className={td}>
                      <DateTimeText value={op.created_at} />
                    </td>
                    <td className={td}>
                      <StatusBadge status={op.kind} variants={KIND_VARIANTS} />
                    </td>
                    <td
                      className={cx(
                        td,
                        'text-right tabular-nums whitespace-nowrap',
                        op.credits < 0 ? 'text-destructive' : 'text-green-700 dark:text-green-400',
                      )}
                    >
                      {op.credits > 0 ? '+' : op.credits < 0 ? '−' : ''}
                      {formatCredits(Math.abs(op.credits))}
                    </td>
                    <td className={cx(td, 'text-right tabular-nums')}>{formatCredits(op.balance_after)}</td>
                    <td className={cx(td, 'max-w-64 break-words')}>{op.reason ?? '-'}</td>
                    <td className={td}>{op.actor}</td>
                    <td className={td}>
                      <Code>{op.reference}</Code>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </ScrollRegion>
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
