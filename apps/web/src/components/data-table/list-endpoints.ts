import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListDef } from '@meridian/contract/lists';
import { ApiError, apiFetch, resolvePath, type ApiPath } from '@/lib/api';
import type { ApiHost } from '@/lib/env';
import type { FilterApiQuery, ListApiQuery } from './list-state';

/**
 * The three endpoints of a server-driven list: search (`{ data: [...] }`), count (`{ count }`) and
 * CSV export, all taking the same filters. A feature's endpoint file creates one from the list's definition
 * and its row parser (the contract's zod schema): `createListEndpoints(PAYOUTS_LIST, parseRows)`.
 */
export interface ListEndpoints<Row> {
  /** The query-key topic, e.g. 'payouts' (writes invalidate lists by topic). */
  readonly key: string;
  listQueryOptions(query: ListApiQuery, refresh?: number): ReturnType<typeof listQuery<Row>>;
  countQueryOptions(query: FilterApiQuery, refresh?: number): ReturnType<typeof countQuery>;
  /** The CSV of every row matching the filters (no paging), fetched with the auth headers. */
  exportCsv(query: FilterApiQuery, signal?: AbortSignal): Promise<Blob>;
}

interface ListEndpointsConfig<Row> {
  key: string;
  searchPath: string;
  countPath: string;
  exportPath: string;
  /** Default 'read' (the read API host). */
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

/** A definition path as the API document writes it: `{provider}` is the document's provider, `meridian`. */
type DocumentPath<P extends string> = P extends `/{provider}/${infer Rest}` ? `/meridian/${Rest}` : P;
/** The list's paths must be paths of the API document (a typo does not compile). */
type DocumentPaths<D extends ListDef> = {
  readonly [K in keyof ListDef['paths']]: DocumentPath<D['paths'][K]> extends ApiPath ? D['paths'][K] : never;
};

/**
 * The runtime path of a definition path: the document path with the configured provider (`resolvePath`). List
 * paths have no path parameters (checked by `DocumentPaths`).
 */
const runtimePath = (path: string): string =>
  (resolvePath as (path: ApiPath) => string)(path.replace('{provider}', 'meridian') as ApiPath);

/** The list's endpoints at its definition's paths; its name is their query-key topic. */
export function createListEndpoints<const D extends ListDef, Row>(
  list: D & { readonly paths: DocumentPaths<D> },
  parseRows: (answer: unknown) => Row[],
  options: { host?: ApiHost } = {},
): ListEndpoints<Row> {
  const config: ListEndpointsConfig<Row> = {
    key: list.name,
    searchPath: runtimePath(list.paths.search),
    countPath: runtimePath(list.paths.count),
    exportPath: runtimePath(list.paths.export),
    ...options,
    parseRows,
  };
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
