import { formatPaise } from '@/lib/format/money';
import { cx } from '@/lib/cx';
import type { GridSummary } from './grid-state';

const count = new Intl.NumberFormat('en-IN');

/** Count and total per transfer type, the total against the available balance, and rows with errors. */
export function BulkSummary({ summary, className }: { summary: GridSummary; className?: string }) {
  return (
    <div className={cx('flex flex-col gap-3', className)}>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Totals per transfer type</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-4 text-left font-medium">
                Transfer type
              </th>
              <th scope="col" className="py-1 pr-4 text-right font-medium">
                Payouts
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.byType.map((t) => (
              <tr key={t.transferType} className="border-t">
                <th scope="row" className="py-1 pr-4 text-left font-normal">
                  {t.transferType}
                </th>
                <td className="py-1 pr-4 text-right tabular-nums">{count.format(t.count)}</td>
                <td className="py-1 text-right tabular-nums">{formatPaise(t.paise)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t font-medium">
              <th scope="row" className="py-1 pr-4 text-left">
                All rows
              </th>
              <td className="py-1 pr-4 text-right tabular-nums">{count.format(summary.count)}</td>
              <td className="py-1 text-right tabular-nums">{formatPaise(summary.paise)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
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
