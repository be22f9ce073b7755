import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api';
import type { ApiHost } from '@/lib/env';
import type { FilterApiQuery, ListApiQuery } from './list-state';

/**
 * The three endpoints of a server-driven list (GUIDE §3): search (`{ data: [...] }`), count (`{ count }`) and
 * CSV export, all taking the same filters. A feature's endpoint file creates one with its paths and its row
 * parser (the contract's zod schema), and hands it to `DataTable`.
 */
export interface ListEndpoints<Row> {
  /** The query-key topic, e.g. 'payouts' (writes invalidate lists by topic). */
  readonly key: string;
  listQueryOptions(query: ListApiQuery, refresh?: number): ReturnType<typeof listQuery<Row>>;
  countQueryOptions(query: FilterApiQuery, refresh?: number): ReturnType<typeof countQuery>;
  /** The CSV of every row matching the filters (no paging), fetched with the auth headers. */
  exportCsv(query: FilterApiQuery, signal?: AbortSignal): Promise<Blob>;
}

export interface ListEndpointsConfig<Row> {
  key: string;
  searchPath: string;
  countPath: string;
  exportPath: string;
  /** Default 'read' (the read API host of spec §7). */
  host?: ApiHost;
  /** Validates one search answer and returns its rows. */
  parseRows: (answer: unknown) => Row[];
}

function listQuery<Row>(config: ListEndpointsConfig<Row>, query: ListApiQuery, refresh: number) {
  const host = config.host ?? 'read';
  return queryOptions({
    queryKey: [config.key, 'search', query, refresh] as const,
    queryFn: async ({ signal }) =>
      config.parseRows(await apiFetch<unknown>(config.searchPath, { host, query: { ...query }, signal })),
    // Paging and refreshing keep the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** The count of an answer `{ count: N }`. */
export function parseCount(answer: unknown): number {
  const count = (answer as { count?: unknown } | null | undefined)?.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    throw new ApiError('PARSING_ERROR', 'The server answer could not be read', answer);
  }
  return count;
}

function countQuery(
  config: Pick<ListEndpointsConfig<unknown>, 'key' | 'countPath' | 'host'>,
  query: FilterApiQuery,
  refresh: number,
) {
  const host = config.host ?? 'read';
  return queryOptions({
    queryKey: [config.key, 'count', query, refresh] as const,
    queryFn: async ({ signal }) =>
      parseCount(await apiFetch<unknown>(config.countPath, { host, query: { ...query }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function createListEndpoints<Row>(config: ListEndpointsConfig<Row>): ListEndpoints<Row> {
  return {
    key: config.key,
    listQueryOptions: (query, refresh = 0) => listQuery(config, query, refresh),
    countQueryOptions: (query, refresh = 0) => countQuery(config, query, refresh),
    exportCsv: (query, signal) =>
      apiFetch<Blob>(config.exportPath, {
        host: config.host ?? 'read',
        query: { ...query },
        parseAs: 'blob',
        // An export of many rows takes longer than a page.
        timeoutMs: 120_000,
        ...(signal ? { signal } : {}),
      }),
  };
}

/** Saves a blob as a file through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
