import { memo, useId, useState } from 'react';
import ListX from 'lucide-react/icons/list-x';
import { BULK_COLUMNS, type BulkColumn } from '@meridian/contract/bulk';
import { Pagination } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { Label } from '@/components/ui/label';
import { cx } from '@/lib/cx';
import { cellError, GRID_PAGE_SIZE, visibleRows, type GridRow, type GridState } from './grid-state';

export const COLUMN_LABELS: Record<BulkColumn, string> = {
  customer_reference_number: 'Customer reference',
  beneficiary_code: 'Beneficiary code',
  beneficiary_account_number: 'Account number',
  ifsc_code: 'IFSC',
  beneficiary_name: 'Beneficiary name',
  amount: 'Amount (₹)',
  transfer_type: 'Transfer type',
  purpose_message: 'Purpose',
};

const WIDTHS: Partial<Record<BulkColumn, string>> = {
  amount: 'w-28',
  transfer_type: 'w-24',
  ifsc_code: 'w-32',
  purpose_message: 'w-48',
};

type OnEdit = (row: number, column: BulkColumn, value: string) => void;

/**
 * The first column stays in view while the grid scrolls sideways (sticky, on the card's background): it holds
 * the row's number and its "drop row" action, so that "fix or drop it" can always be acted on.
 */
const STICKY = 'sticky left-0 z-10 bg-card';

/** One row of the grid: its number and "drop row", then an input per column with the cell's error on it. */
const GridRowView = memo(function GridRowView({
  row,
  gridId,
  onEdit,
  onDrop,
}: {
  row: GridRow;
  gridId: string;
  onEdit: OnEdit;
  onDrop: (row: number) => void;
}) {
  const rowErrorId = `${gridId}-r${row.row}-row`;
  return (
    <TableRow className="border-t align-top">
      <TableHead
        scope="row"
        align="left"
        className={cx(STICKY, 'px-2 py-1.5 font-normal text-muted-foreground tabular-nums')}
      >
        <span className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Drop row ${row.row}`}
            title={`Drop row ${row.row}`}
            onClick={() => onDrop(row.row)}
          >
            <ListX aria-hidden />
          </Button>
          <span className="min-w-6 text-right">{row.row}</span>
        </span>
        {row.rowErrors.length > 0 && (
          <p id={rowErrorId} className="mt-1 w-40 text-left text-xs text-destructive">
            {row.rowErrors.join(' ')}
          </p>
        )}
      </TableHead>
      {BULK_COLUMNS.map((column) => {
        const error = cellError(row, column);
        const errorId = `${gridId}-r${row.row}-${column}`;
        const describedBy = [error ? errorId : '', row.rowErrors.length > 0 ? rowErrorId : '']
          .filter(Boolean)
          .join(' ');
        return (
          <TableCell key={column} className="px-1 py-1.5">
            <input
              value={row.values[column]}
              onChange={(e) => onEdit(row.row, column, e.target.value)}
              aria-label={`${COLUMN_LABELS[column]}, row ${row.row}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              spellCheck={false}
              autoComplete="off"
              className={cx(
                'h-8 w-40 rounded-md border border-input bg-transparent px-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
                WIDTHS[column],
                column === 'amount' && 'text-right tabular-nums',
                error && 'border-destructive bg-destructive/5',
              )}
            />
            {error && (
              <p id={errorId} className={cx('mt-1 w-40 text-xs text-destructive', WIDTHS[column])}>
                {error}
              </p>
            )}
          </TableCell>
        );
      })}
    </TableRow>
  );
});

/**
 * The rows of the file as a grid of editable cells, 100 rows per page (a 10,000-row file stays responsive:
 * only one page is in the document). Each error is shown on its cell (aria-invalid, described by the message).
 */
export function BulkGrid({
  grid,
  onEdit,
  onDrop,
}: {
  grid: GridState;
  onEdit: OnEdit;
  onDrop: (row: number) => void;
}) {
  const id = useId();
  const [page, setPage] = useState(0);
  const [errorsOnly, setErrorsOnly] = useState(false);
  const view = visibleRows(grid, { page, errorsOnly });
  const caption = `Rows of ${grid.fileName ?? 'the file'}${errorsOnly ? ' with errors' : ''}, page ${view.page + 1} of ${view.pages}`;
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Rows
        </h2>
        <div className="flex items-center gap-2">
          <Switch
            id={`${id}-errors`}
            checked={errorsOnly}
            onCheckedChange={(on: boolean) => {
              setErrorsOnly(on);
              setPage(0);
            }}
          />
          <Label htmlFor={`${id}-errors`}>Only rows with errors</Label>
        </div>
      </div>
      {view.total === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          {errorsOnly ? 'No row has an error.' : 'Every row was dropped.'}
        </p>
      ) : (
        // A zero-width box as wide as its container: the grid scrolls inside it, never widening the page.
        <div className="w-0 min-w-full">
          <Table density="none" scrollLabel={caption} className="w-full text-sm">
            <TableCaption>{caption}</TableCaption>
            <TableHeader className="bg-muted/50">
              <TableRow>
                <TableHead align="left" className={cx(STICKY, 'h-10 px-2 text-muted-foreground')}>
                  Row
                </TableHead>
                {BULK_COLUMNS.map((c) => (
                  <TableHead key={c} className="h-10 px-2 whitespace-nowrap text-muted-foreground">
                    {COLUMN_LABELS[c]}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {view.rows.map((r) => (
                <GridRowView key={r.row} row={r} gridId={id} onEdit={onEdit} onDrop={onDrop} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {view.pages > 1 && (
        <Pagination
          offset={view.page * GRID_PAGE_SIZE}
          limit={GRID_PAGE_SIZE}
          rows={view.rows.length}
          count={view.total}
          showPage
          label="Pages of rows"
          onOffset={(offset) => setPage(Math.floor(offset / GRID_PAGE_SIZE))}
        />
      )}
    </section>
  );
}
