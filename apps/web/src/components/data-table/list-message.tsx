import { Button } from '@/components/ui/button';

/** The failure state of a list: the server's message and "Try again". */
export function ListFailure({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string | undefined;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 p-6">
      <p>
        {title} could not be loaded: {message ?? 'unknown error'}
      </p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * The empty state of a list: no match for the active search, a page past the end (with a way back to the
 * first), or no rows at all (the screen's own words).
 */
export function ListEmpty({
  search,
  offset,
  filtered,
  empty,
  onFirstPage,
}: {
  /** The active search ("URN" and its value), if any. */
  search: { label: string; value: string } | undefined;
  offset: number;
  /** A filter of the list is set. */
  filtered: boolean;
  empty: { title: string; hint?: string };
  onFirstPage: () => void;
}) {
  let title: string;
  let hint: string;
  if (search) {
    title = `Nothing matches ${search.label} “${search.value}” in this date range`;
    hint = 'Check the value, pick another key or widen the date range.';
  } else if (offset > 0) {
    title = 'No rows on this page';
    hint = 'The list is shorter than this page.';
  } else if (filtered) {
    title = 'Nothing matches these filters in this date range';
    hint = 'Clear a filter or widen the date range.';
  } else {
    title = empty.title;
    hint = empty.hint ?? 'Try a wider date range.';
  }
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <p className="font-medium">{title}</p>
      <p className="max-w-md text-muted-foreground">{hint}</p>
      {offset > 0 && (
        <Button variant="outline" onClick={onFirstPage}>
          Go to the first page
        </Button>
      )}
    </div>
  );
}
