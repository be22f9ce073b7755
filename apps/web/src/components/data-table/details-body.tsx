import type { ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api';

/** Query options of one record's details (a feature's `…DetailsQueryOptions(id)`). */
// The key type is the feature's own tuple; the table only hands the options to useQuery.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DetailsQueryOptions<Detail> = UseQueryOptions<Detail, Error, Detail, any>;

/** Placeholder lines while a record loads (the dialog keeps its size when the record arrives). */
export function DetailsSkeleton({ noun }: { noun: string }) {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <span className="sr-only">Loading the {noun}…</span>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-5 w-full" />
      ))}
    </div>
  );
}

/**
 * A details dialog's body that fetches its record: the loading lines, "There is no {noun} {id}." for a 404
 * (e.g. a stale link), the error with "Try again" for anything else, else `children(data)`. Retries are the
 * query options' own.
 */
export function FetchedDetails<Detail>({
  id,
  noun,
  query,
  children,
}: {
  id: string;
  noun: string;
  query: DetailsQueryOptions<Detail>;
  children: (data: Detail) => ReactNode;
}) {
  const details = useQuery<Detail, Error, Detail, QueryKey>(query);
  if (details.isPending) return <DetailsSkeleton noun={noun} />;
  if (details.isError) {
    const missing = isApiError(details.error) && details.error.status === 404;
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm">
        <p>
          {missing
            ? `There is no ${noun} ${id}.`
            : `The ${noun} could not be loaded: ${details.error.message}`}
        </p>
        {!missing && (
          <Button variant="outline" onClick={() => void details.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  return children(details.data);
}

/** A details dialog's body from the row on screen; a row not on the current page cannot be shown. */
export function RowDetails<Row>({
  id,
  noun,
  row,
  children,
}: {
  id: string;
  noun: string;
  row: Row | undefined;
  children: (row: Row) => ReactNode;
}) {
  if (row === undefined) {
    const name = noun.charAt(0).toUpperCase() + noun.slice(1);
    return (
      <p role="alert" className="text-sm">
        {name} {id} is not in the list on screen. Change the dates or search for it to see its details.
      </p>
    );
  }
  return children(row);
}
