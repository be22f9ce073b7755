import type { UseQueryResult } from '@tanstack/react-query';

/**
 * The first, empty option of a select fed by a query: it says whether the options are loading, failed or
 * absent, or asks for a choice.
 */
export function PlaceholderOption({
  query,
  choose,
  empty,
}: {
  query: Pick<UseQueryResult<readonly unknown[]>, 'isPending' | 'isError' | 'data'>;
  choose: string;
  empty: string;
}) {
  const text = query.isPending
    ? 'Loading…'
    : query.isError
      ? 'Could not be loaded'
      : query.data && query.data.length === 0
        ? empty
        : choose;
  return <option value="">{text}</option>;
}

/** Masks all but the last four digits of an account number: `••••1234`. */
export const maskAccount = (account: string | null | undefined): string =>
  account ? `••••${account.slice(-4)}` : '';
