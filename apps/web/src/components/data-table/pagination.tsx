import { useId } from 'react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { PAGE_SIZES } from './list-state';

const number = new Intl.NumberFormat('en-IN');

/** "11–20 of 57"; "0 of 0" for an empty page; "…" while the count is loading. */
export function rangeText(offset: number, rows: number, count: number | undefined): string {
  const total = count === undefined ? '…' : number.format(count);
  if (rows === 0) return `0 of ${total}`;
  return `${number.format(offset + 1)}–${number.format(offset + rows)} of ${total}`;
}

/** "Page 2 of 6" (pages of `limit` rows from `offset`); "Page 1 of 1" for an empty list; "of …" while counting. */
export function pageText(offset: number, limit: number, count: number | undefined): string {
  const page = Math.floor(offset / limit) + 1;
  const pages = count === undefined ? '…' : number.format(Math.max(1, Math.ceil(count / limit)));
  return `Page ${number.format(page)} of ${pages}`;
}

/** Whether a page follows: from the count when known, else from a full page. */
export function hasNextPage(offset: number, limit: number, rows: number, count: number | undefined): boolean {
  return count === undefined ? rows >= limit : offset + limit < count;
}

export function Pagination({
  offset,
  limit,
  rows,
  count,
  onOffset,
  onLimit,
  showPage = false,
  label = 'Pagination',
}: {
  offset: number;
  limit: number;
  /** Rows on this page. */
  rows: number;
  /** Rows matching the filters (the count endpoint); undefined while unknown. */
  count: number | undefined;
  onOffset: (offset: number) => void;
  /** Without it the page size is fixed (no "Rows per page" select). */
  onLimit?: (limit: number) => void;
  /** Also "Page N of M" (pageIndex/pageSize paging: account transactions). */
  showPage?: boolean;
  /** The navigation's name; give one when a page has two lists. */
  label?: string;
}) {
  const id = useId();
  const sizes: number[] = PAGE_SIZES.includes(limit as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, limit].sort((a, b) => a - b);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      {onLimit ? (
        <div className="flex items-center gap-2">
          <Label htmlFor={id} className="font-normal whitespace-nowrap">
            Rows per page
          </Label>
          <Select
            id={id}
            value={String(limit)}
            onChange={(e) => onLimit(Number(e.target.value))}
            className="w-20"
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </div>
      ) : (
        <span />
      )}
      <div className="flex items-center gap-3">
        {showPage && <p className="tabular-nums">{pageText(offset, limit, count)}</p>}
        <p className="tabular-nums">{rangeText(offset, rows, count)}</p>
        <div className="flex gap-1">
          <Button
            variant="outline"
            size="sm"
            disabled={offset === 0}
            onClick={() => onOffset(Math.max(0, offset - limit))}
          >
            <ChevronLeft aria-hidden />
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!hasNextPage(offset, limit, rows, count)}
            onClick={() => onOffset(offset + limit)}
          >
            Next
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
    </nav>
  );
}
