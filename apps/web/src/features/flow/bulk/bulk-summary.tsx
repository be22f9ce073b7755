import { formatPaise } from '@/lib/format/money';
import { cx } from '@/lib/cx';
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
import type { GridSummary } from './grid-state';

const count = new Intl.NumberFormat('en-IN');

/** Count and total per transfer type, the total against the available balance, and rows with errors. */
export function BulkSummary({ summary, className }: { summary: GridSummary; className?: string }) {
  return (
    <div className={cx('flex flex-col gap-3', className)}>
      <Table density="none" scrollLabel="Totals per transfer type" frame={false} className="w-full text-sm">
        <TableCaption>Totals per transfer type</TableCaption>
        <TableHeader className="text-muted-foreground">
          <TableRow>
            <TableHead className="py-1 pr-4">Transfer type</TableHead>
            <TableHead align="right" className="py-1 pr-4">
              Payouts
            </TableHead>
            <TableHead align="right" className="py-1">
              Total
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {summary.byType.map((t) => (
            <TableRow key={t.transferType} className="border-t">
              <TableHead scope="row" className="py-1 pr-4 font-normal">
                {t.transferType}
              </TableHead>
              <TableCell align="right" className="py-1 pr-4 tabular-nums">
                {count.format(t.count)}
              </TableCell>
              <TableCell align="right" className="py-1 tabular-nums">
                {formatPaise(t.paise)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow className="border-t font-medium">
            <TableHead scope="row" className="py-1 pr-4">
              All rows
            </TableHead>
            <TableCell align="right" className="py-1 pr-4 tabular-nums">
              {count.format(summary.count)}
            </TableCell>
            <TableCell align="right" className="py-1 tabular-nums">
              {formatPaise(summary.paise)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Available balance</dt>
        <dd className={cx('tabular-nums', summary.overBalance && 'font-medium text-destructive')}>
          {summary.availablePaise === null ? '-' : formatPaise(summary.availablePaise)}
          {summary.overBalance && ' (less than the total)'}
        </dd>
        <dt className="text-muted-foreground">Rows with errors</dt>
        <dd className={cx('tabular-nums', summary.rowsWithErrors > 0 && 'font-medium text-destructive')}>
          {count.format(summary.rowsWithErrors)}
        </dd>
      </dl>
    </div>
  );
}
