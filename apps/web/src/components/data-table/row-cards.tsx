import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cx } from '@/lib/cx';

/**
 * Where a column's value goes on a row's card (narrow screens): the name of the row (primary) and its amount
 * on the first line, identifiers and other facts (secondary, one line each, in column order), then the time
 * and the status. Columns without a role are left off the card; the details dialog has everything.
 */
export type CardRole = 'primary' | 'secondary' | 'amount' | 'status' | 'time';

/** What a card needs of a column (DataTableColumn has more). */
export interface CardColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  primary?: boolean;
  card?: CardRole;
}

interface Slots<Row> {
  primary: CardColumn<Row> | undefined;
  amount: CardColumn<Row> | undefined;
  status: CardColumn<Row> | undefined;
  time: CardColumn<Row> | undefined;
  secondary: CardColumn<Row>[];
  /** Secondary lines carry their header ("UTR: …") only when no column declared a role. */
  labelled: boolean;
}

/**
 * The columns in their card roles. A screen that declares none still gets cards: its primary column (else
 * the first) names the card and every other column is a labelled line.
 */
export function cardSlots<Row>(columns: readonly CardColumn<Row>[]): Slots<Row> {
  const role = (r: CardRole) => columns.find((c) => c.card === r);
  if (columns.some((c) => c.card !== undefined)) {
    return {
      primary: role('primary'),
      amount: role('amount'),
      status: role('status'),
      time: role('time'),
      secondary: columns.filter((c) => c.card === 'secondary'),
      labelled: false,
    };
  }
  const primary = columns.find((c) => c.primary) ?? columns[0];
  return {
    primary,
    amount: undefined,
    status: undefined,
    time: undefined,
    secondary: columns.filter((c) => c !== primary),
    labelled: true,
  };
}

const cardClass = 'flex w-full flex-col gap-1.5 rounded-xl border bg-card p-3 text-left text-sm';

/**
 * The rows of a list as a column of compact cards, for screens narrower than the table. With `onOpen`, each
 * card is a button that opens the row's details (the same dialog as a table row), reachable with Tab.
 */
export function RowCards<Row>({
  label,
  rows,
  columns,
  rowId,
  selected,
  onOpen,
  selects = false,
  busy,
  dimmed,
}: {
  /** The list's accessible name (the table caption). */
  label: string;
  rows: readonly Row[];
  columns: readonly CardColumn<Row>[];
  rowId: (row: Row) => string;
  selected: string | undefined;
  onOpen: ((id: string) => void) | undefined;
  /** The cards select their row (a toggle button) instead of opening a dialog. */
  selects?: boolean;
  busy: boolean;
  dimmed: boolean;
}) {
  const slots = cardSlots(columns);
  return (
    <ul
      role="list"
      aria-label={label}
      aria-busy={busy || undefined}
      className={cx('flex flex-col gap-2', dimmed && 'opacity-60 transition-opacity')}
    >
      {rows.map((row) => {
        const id = rowId(row);
        const content = (
          <>
            <span className="flex items-start justify-between gap-3">
              <span className="min-w-0 font-medium wrap-anywhere">{slots.primary?.cell(row) ?? id}</span>
              {slots.amount && <span className="shrink-0 font-semibold">{slots.amount.cell(row)}</span>}
            </span>
            {slots.secondary.map((c) => (
              <span key={c.id} className="block min-w-0 truncate text-muted-foreground">
                {slots.labelled && `${c.header}: `}
                {c.cell(row)}
              </span>
            ))}
            {(slots.time || slots.status) && (
              <span className="flex items-center justify-between gap-3">
                <span className="text-xs text-muted-foreground">{slots.time?.cell(row)}</span>
                {slots.status?.cell(row)}
              </span>
            )}
          </>
        );
        return (
          <li key={id}>
            {onOpen ? (
              <button
                type="button"
                aria-haspopup={selects ? undefined : 'dialog'}
                aria-pressed={selects ? id === selected : undefined}
                data-selected={id === selected || undefined}
                onClick={() => onOpen(id)}
                className={cx(
                  cardClass,
                  'transition-colors outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[selected]:bg-muted',
                )}
              >
                {content}
              </button>
            ) : (
              <div className={cardClass}>{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Placeholder cards while the first page loads. */
export function CardSkeletons({ count }: { count: number }) {
  return (
    <div className="flex flex-col gap-2" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={cardClass}>
          <div className="flex justify-between gap-3">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-20" />
          </div>
          <Skeleton className="h-4 w-2/3" />
          <div className="flex justify-between gap-3">
            <Skeleton className="h-3 w-28" />
            <Skeleton className="h-5 w-16" />
          </div>
        </div>
      ))}
    </div>
  );
}
