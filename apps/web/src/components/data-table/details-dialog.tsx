import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DetailList } from './cells';
import type { TableColumn } from './columns';
import { CopyButton } from './copy-button';
import { FetchedDetails, RowDetails, type DetailsQueryOptions } from './details-body';

interface DataTableDetailsCommon<Row> {
  /** Dialog title, e.g. "Payout PAY01…". */
  title: (id: string, row: Row | undefined) => string;
  /** What the row id is called, for the title's copy button ("URN": "Copy URN"). Default "ID". */
  idLabel?: string;
  /** One line under the title. */
  description?: (id: string, row: Row | undefined) => ReactNode;
  /** What one record is called in the loading and failure states ("payout": "There is no payout …"). */
  noun: string;
}

/**
 * The details dialog of a row. With `query` (the record's details fetcher) the table fetches the record and
 * shows its loading, not-found and retry states, and `render` gets the record; without it, `render` gets the
 * row from the current page (a row not on it cannot be shown, and the dialog says so). A list with a
 * definition shows every column's value above what `render` adds (from the record through `row`, else from
 * the row on the page); `render` may then be left out.
 */
export type DataTableDetails<Row, Detail = Row> = DataTableDetailsCommon<Row> &
  (
    | {
        query: (id: string) => DetailsQueryOptions<Detail>;
        /** The record as a row, for the column values (default: the row on the page). */
        row?: (detail: Detail) => Row;
        render?: (detail: Detail, context: { id: string; row: Row | undefined }) => ReactNode;
      }
    | { query?: undefined; render?: (row: Row, context: { id: string }) => ReactNode }
  );

/** Every column's label and value (cells wrap here: the dialog is narrow). */
export function ColumnValues<Row>({ columns, row }: { columns: readonly TableColumn<Row>[]; row: Row }) {
  return <DetailList items={columns.map((c) => [c.header, c.cell(row)] as const)} />;
}

export function DetailsDialog<Row, Detail>({
  details,
  id,
  row,
  columns,
  onClose,
}: {
  details: DataTableDetails<Row, Detail>;
  /** The open row's id; undefined: closed. */
  id: string | undefined;
  /** The open row, when it is on the page. */
  row: Row | undefined;
  /** The columns whose values the dialog lists (none: only `render`). */
  columns: readonly TableColumn<Row>[];
  onClose: () => void;
}) {
  return (
    <Dialog
      open={id !== undefined}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      {id !== undefined && (
        <DialogContent
          layout={null}
          className="top-1/2 left-1/2 max-h-[90svh] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 grid-cols-1 gap-4 overflow-y-auto rounded-lg p-4 sm:max-w-3xl sm:p-6"
        >
          <DialogHeader className="pr-8">
            <div className="flex items-start gap-1">
              <DialogTitle className="min-w-0 py-1.5 leading-snug wrap-anywhere">
                {details.title(id, row)}
              </DialogTitle>
              <CopyButton value={id} label={`Copy ${details.idLabel ?? 'ID'}`} />
            </div>
            <DialogDescription>
              {details.description?.(id, row) ?? 'Details of the selected row'}
            </DialogDescription>
          </DialogHeader>
          <DetailsBody details={details} id={id} row={row} columns={columns} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function DetailsBody<Row, Detail>({
  details,
  id,
  row,
  columns,
}: {
  details: DataTableDetails<Row, Detail>;
  id: string;
  row: Row | undefined;
  columns: readonly TableColumn<Row>[];
}) {
  const values = (r: Row | undefined) =>
    r !== undefined && columns.length > 0 ? <ColumnValues columns={columns} row={r} /> : null;
  if (details.query) {
    const { render, row: asRow } = details;
    return (
      <FetchedDetails id={id} noun={details.noun} query={details.query(id)}>
        {(detail) => (
          <div className="flex flex-col gap-4">
            {values(asRow ? asRow(detail) : row)}
            {render?.(detail, { id, row })}
          </div>
        )}
      </FetchedDetails>
    );
  }
  const { render } = details;
  return (
    <RowDetails id={id} noun={details.noun} row={row}>
      {(r) => (
        <div className="flex flex-col gap-4">
          {values(r)}
          {render?.(r, { id })}
        </div>
      )}
    </RowDetails>
  );
}
