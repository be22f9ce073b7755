import {
  createContext,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { cx } from '@/lib/cx';
import { Skeleton } from './skeleton';

/**
 * Table primitives. `cx` joins classes without conflict resolution, so the spacing of the head and body cells
 * comes from the table's `density` (through context) and their alignment from `align`; `className` takes only
 * classes that do not conflict with those (colour, weight, width, wrapping…).
 *
 * - `default`: the lists' rhythm (10-unit header row, rows as tall as the density setting's --table-row-py).
 * - `compact`: small previews (extra-small text, tight cells).
 * - `none`: no width, text size or spacing at all, for tables laid out by their caller or visually hidden.
 */
export type TableDensity = 'default' | 'compact' | 'none';
type Align = 'left' | 'center' | 'right';

const DensityContext = createContext<TableDensity>('default');

const TABLE_CLASSES: Record<TableDensity, string> = {
  default: 'w-full text-sm',
  compact: 'w-full text-xs',
  none: '',
};
const HEAD_SPACING: Record<TableDensity, string> = { default: 'h-10 px-3', compact: 'px-2 py-1', none: '' };
const CELL_SPACING: Record<TableDensity, string> = {
  default: 'px-3 py-(--table-row-py)',
  compact: 'px-2 py-1',
  none: '',
};
const ALIGN: Record<Align, string> = { left: 'text-left', center: 'text-center', right: 'text-right' };

/** True while the element's content is wider or taller than its box, re-measured whenever either resizes. */
function useOverflows<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () =>
      setOverflows(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

/**
 * A scrolling frame for a table that may be wider than the screen: a named region that joins the tab order
 * while its content overflows, so that a keyboard user can scroll it too (axe: scrollable-region-focusable),
 * and stays out of it otherwise.
 */
function TableScrollRegion({
  label,
  frame,
  className,
  children,
}: {
  label: string;
  frame: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [ref, overflows] = useOverflows<HTMLDivElement>();
  return (
    <div
      ref={ref}
      role="region"
      aria-label={label}
      tabIndex={overflows ? 0 : undefined}
      data-slot="table-container"
      data-overflows={overflows || undefined}
      className={cx(
        'relative w-full overflow-x-auto outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        frame && 'rounded-xl border bg-card',
        className,
      )}
    >
      {children}
    </div>
  );
}

/**
 * `<table>`. With `scrollLabel` it sits in a scrolling region of that name (framed as a card unless
 * `frame={false}`; `regionClassName` for the region's own extra classes); without it, the table is rendered bare.
 */
export function Table({
  className,
  density = 'default',
  scrollLabel,
  frame = true,
  regionClassName,
  ...props
}: ComponentProps<'table'> & {
  density?: TableDensity;
  scrollLabel?: string;
  frame?: boolean;
  regionClassName?: string;
}) {
  const table = (
    <DensityContext value={density}>
      <table data-slot="table" className={cx(TABLE_CLASSES[density], className)} {...props} />
    </DensityContext>
  );
  if (scrollLabel === undefined) return table;
  return (
    <TableScrollRegion label={scrollLabel} frame={frame} className={regionClassName}>
      {table}
    </TableScrollRegion>
  );
}

/** The table's name for assistive technology; visually hidden unless `visuallyHidden={false}`. */
export function TableCaption({
  className,
  visuallyHidden = true,
  ...props
}: ComponentProps<'caption'> & { visuallyHidden?: boolean }) {
  return (
    <caption
      data-slot="table-caption"
      className={cx(visuallyHidden ? 'sr-only' : 'py-2 text-left text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={className} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={className} {...props} />;
}

export function TableFooter({ className, ...props }: ComponentProps<'tfoot'>) {
  return <tfoot data-slot="table-footer" className={className} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr data-slot="table-row" className={className} {...props} />;
}

/**
 * `<th>`, a column header unless `scope` says otherwise. A column header gets the header spacing and a medium
 * weight; a row header (`scope="row"`) gets the body spacing and its weight from `className` (a `<th>` is bold
 * by default).
 */
export function TableHead({
  className,
  scope = 'col',
  align = 'left',
  ...props
}: Omit<ComponentProps<'th'>, 'align'> & { align?: Align }) {
  const density = useContext(DensityContext);
  const isColumn = scope === 'col' || scope === 'colgroup';
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cx(
        isColumn ? [HEAD_SPACING[density], 'font-medium'] : CELL_SPACING[density],
        ALIGN[align],
        className,
      )}
      {...props}
    />
  );
}

/** `<td>` with the body spacing; `align` sets the text alignment (the browser's default is the start). */
export function TableCell({
  className,
  align,
  ...props
}: Omit<ComponentProps<'td'>, 'align'> & { align?: Align }) {
  const density = useContext(DensityContext);
  return (
    <td
      data-slot="table-cell"
      className={cx(CELL_SPACING[density], align && ALIGN[align], className)}
      {...props}
    />
  );
}

/** A header row of column names; the `hidden` ones (an actions column) are read by screen readers only. */
export function TableHeaderRow({
  headers,
  hidden = [],
  className,
}: {
  headers: readonly string[];
  hidden?: readonly string[];
  className?: string;
}) {
  return (
    <TableRow>
      {headers.map((h) => (
        <TableHead key={h} className={className}>
          {hidden.includes(h) ? <span className="sr-only">{h}</span> : h}
        </TableHead>
      ))}
    </TableRow>
  );
}

/** One row across every column in place of the rows: a loading skeleton, or a message (nothing to list). */
export function TableStateRow({
  colSpan,
  loading = false,
  children,
}: {
  colSpan: number;
  loading?: boolean;
  children?: ReactNode;
}) {
  return (
    <TableRow>
      {loading ? (
        <TableCell colSpan={colSpan} className="align-top">
          <Skeleton className="h-16 w-full" />
        </TableCell>
      ) : (
        <TableCell colSpan={colSpan} align="center" className="text-muted-foreground">
          <div className="py-6">{children}</div>
        </TableCell>
      )}
    </TableRow>
  );
}
