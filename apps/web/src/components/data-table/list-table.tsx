import type { ReactNode } from 'react';
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
import type { TableColumn } from './columns';

/**
 * The rows of a list as a table (wide screens). The primary column's cell is the row header and holds the
 * button that opens (or selects) the row; a click anywhere on the row does the same. While the first page
 * loads it shows placeholder rows; `message` (the empty or failure state) takes the whole body.
 */
export function ListTable<Row>({
  caption,
  columns,
  rows,
  rowId,
  loading,
  skeletons,
  message,
  marked,
  onOpen,
  selectionHint,
  busy,
  dimmed,
}: {
  caption: string;
  /** The shown columns. */
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowId: (row: Row) => string;
  loading: boolean;
  skeletons: number;
  message: ReactNode;
  marked: string | undefined;
  onOpen: ((id: string) => void) | undefined;
  /** Rows select instead of opening a dialog; the name button's hidden hint ("select"). */
  selectionHint: string | undefined;
  busy: boolean;
  dimmed: boolean;
}) {
  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: skeletons }, (_, i) => <SkeletonRow key={i} columns={columns} />);
  } else if (message !== null) {
    body = (
      <TableRow className="border-t">
        <TableCell colSpan={columns.length} className="p-0">
          {message}
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => {
      const id = rowId(row);
      return (
        <DataRow
          key={id}
          row={row}
          id={id}
          columns={columns}
          marked={id === marked}
          onOpen={onOpen}
          selectionHint={selectionHint}
        />
      );
    });
  }
  return (
    <Table
      scrollLabel={caption}
      className={cx(dimmed && 'opacity-60 transition-opacity')}
      aria-busy={busy || undefined}
    >
      <TableCaption>{caption}</TableCaption>
      <TableHeader className="bg-muted/50">
        <TableRow>
          {columns.map((c) => (
            <TableHead key={c.id} align={c.align} className="text-muted-foreground">
              {c.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{body}</TableBody>
    </Table>
  );
}

/** A placeholder row while the first page loads. */
function SkeletonRow<Row>({ columns }: { columns: readonly TableColumn<Row>[] }) {
  return (
    <TableRow className="border-t">
      {columns.map((c) => (
        <TableCell key={c.id}>
          <Skeleton className="h-4 w-full min-w-12" />
        </TableCell>
      ))}
    </TableRow>
  );
}

/** One row: its primary cell is the row header, with the button that opens (or selects) the row. */
function DataRow<Row>({
  row,
  id,
  columns,
  marked,
  onOpen,
  selectionHint,
}: {
  row: Row;
  id: string;
  columns: readonly TableColumn<Row>[];
  marked: boolean;
  onOpen: ((id: string) => void) | undefined;
  selectionHint: string | undefined;
}) {
  const selects = selectionHint !== undefined;
  return (
    <TableRow
      data-selected={marked || undefined}
      aria-current={(selects && marked) || undefined}
      onClick={onOpen ? () => onOpen(id) : undefined}
      className={cx(
        'border-t transition-colors data-[selected]:bg-muted',
        onOpen && 'cursor-pointer hover:bg-muted/50',
      )}
    >
      {columns.map((c) => {
        const content = c.cell(row);
        if (!c.primary) {
          return (
            <TableCell key={c.id} align={c.align} className="align-top">
              {content}
            </TableCell>
          );
        }
        return (
          <TableHead key={c.id} scope="row" align={c.align} className="align-top font-normal">
            {onOpen ? (
              <button
                type="button"
                aria-haspopup={selects ? undefined : 'dialog'}
                aria-pressed={selects ? marked : undefined}
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(id);
                }}
                className="rounded-sm text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {content}
                <span className="sr-only">{selects ? ` (${selectionHint})` : ' (open details)'}</span>
              </button>
            ) : (
              content
            )}
          </TableHead>
        );
      })}
    </TableRow>
  );
}
