import type { ReactNode } from 'react';
import type { ColumnFormat, ColumnPriority, ListColumnDef, ListDef } from '@meridian/contract/lists';
import type { BadgeVariant } from '@/components/ui/badge';
import { Code, DateText, DateTimeText, MoneyText, StatusBadge } from './cells';
import type { CardRole } from './row-cards';

/** A column as the table, the cards, the column picker and the details show it. */
export interface TableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Amounts and numbers are right-aligned. */
  align: 'left' | 'right';
  /** The column that names the row: its cell is the row header and holds the button that opens the row. */
  primary: boolean;
  /** Its place on the row's card on narrow screens (see CardRole); without one it is left off the card. */
  card?: CardRole;
  /** 1 always in view, 2 on wide screens, 3 hidden until picked (the details show it). */
  priority: ColumnPriority;
}

/**
 * A column of a table and cards a screen draws itself, not a list's (an account's transactions panel pages
 * through its own answer with Pagination and RowCards). A list's columns come from its definition (columnsOf).
 */
export interface DataTableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Amounts are right-aligned. */
  align?: 'left' | 'right';
  /** The column that names the row (default: the first column). */
  primary?: boolean;
  /** Its place on the row's card on narrow screens (see CardRole); without one it is left off the card. */
  card?: CardRole;
}

/** The keys of a list's columns (`'amount' | 'status' | …`). */
export type ColumnKey<D extends ListDef> = D['columns'][number]['key'];

/** Badge colours of a status column's values. */
export type StatusVariants = Readonly<Record<string, BadgeVariant>>;

/** How a page adjusts the columns of its list definition (everything optional). */
export interface ColumnOverrides<Row, K extends string = string> {
  /** Cells drawn by the page instead of the format's default (`{ beneficiary_name: (p) => … }`). */
  cells?: Partial<Record<K, (row: Row) => ReactNode>>;
  /** The colours of each status column's values, by column key. */
  statusVariants?: Partial<Record<K, StatusVariants>>;
  /** The column that names the row (default: the first priority-1 `code` column, else the first column). */
  primary?: K;
  /** Card roles beside the defaults (status → status, money → amount, time → time, the primary column → primary). */
  cards?: Partial<Record<K, CardRole>>;
}

const RIGHT: ReadonlySet<ColumnFormat> = new Set(['money', 'number']);
const DEFAULT_ROLE: Partial<Record<ColumnFormat, CardRole>> = {
  status: 'status',
  money: 'amount',
  time: 'time',
};
const numberFormat = new Intl.NumberFormat('en-IN');

const isMissing = (value: unknown) => value === null || value === undefined || value === '';
const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

/**
 * The default cell of a format: money an en-IN rupee amount, time an instant in the user's zone, date a day,
 * code monospace (wrapping, so identifiers never widen the table), status a badge, number en-IN digits, text
 * on one line cut to the column's width with the whole value as its tooltip; a missing value is '-'.
 */
export function formatCell(
  format: ColumnFormat,
  value: unknown,
  variants: StatusVariants | undefined,
): ReactNode {
  if (isMissing(value)) return '-';
  const text = asText(value);
  switch (format) {
    case 'money':
      return <MoneyText value={text} />;
    case 'time':
      return <DateTimeText value={text} />;
    case 'date':
      return <DateText value={text} />;
    case 'code':
      return (
        <Code wrap className="block max-w-48 min-w-20">
          {text}
        </Code>
      );
    case 'status':
      return <StatusBadge status={text} variants={variants ?? {}} />;
    case 'number':
      return (
        <span className="tabular-nums">{typeof value === 'number' ? numberFormat.format(value) : text}</span>
      );
    case 'text':
      return (
        <span className="block max-w-56 truncate" title={text}>
          {text}
        </span>
      );
  }
}

/** A row's field by column key (rows are the contract's objects). */
export const fieldOf = (row: unknown, key: string): unknown =>
  row !== null && typeof row === 'object' ? (row as Record<string, unknown>)[key] : undefined;

/** The primary column of a definition: the page's choice, else its first priority-1 `code` column, else its first. */
export function primaryKey(columns: readonly ListColumnDef[], chosen?: string): string | undefined {
  return chosen ?? (columns.find((c) => c.priority === 1 && c.format === 'code') ?? columns[0])?.key;
}

/** The table columns of a list definition with the page's overrides. */
export function columnsOf<Row>(list: ListDef, overrides: ColumnOverrides<Row>): TableColumn<Row>[] {
  const primary = primaryKey(list.columns, overrides.primary);
  // Another column named as the card's primary line moves the primary column to a secondary line.
  const cardNamed = Object.values(overrides.cards ?? {}).includes('primary');
  return list.columns.map((c) => {
    const own = overrides.cells?.[c.key];
    const variants = overrides.statusVariants?.[c.key];
    const primaryRole: CardRole = cardNamed ? 'secondary' : 'primary';
    const role = overrides.cards?.[c.key] ?? (c.key === primary ? primaryRole : DEFAULT_ROLE[c.format]);
    return {
      id: c.key,
      header: c.label,
      cell: own ?? ((row: Row) => formatCell(c.format, fieldOf(row, c.key), variants)),
      align: RIGHT.has(c.format) ? 'right' : 'left',
      primary: c.key === primary,
      ...(role ? { card: role } : {}),
      priority: c.priority,
    };
  });
}
