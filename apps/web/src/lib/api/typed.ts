/**
 * The typed boundary of the one API client: every path, path parameter, query parameter, body and answer is
 * checked against the OpenAPI document's `paths` (packages/sdk/src/schema.gen.ts, types only: nothing of the
 * SDK is bundled). The runtime is `apiFetch` (auth headers, token refresh, error mapping, storage check, hosts,
 * timeouts, blob/text parsing); this layer only resolves the path and hands the options on.
 *
 * Usage:
 *
 *   import { api, resolvePath, type ApiPath } from '@/lib/api';
 *
 *   // GET with path and query parameters; the answer is the document's 2xx JSON body.
 *   const payout = await api.get('/meridian/read/fetch/transaction/payouts/{urn}', {
 *     host: 'read',
 *     params: { path: { urn } },
 *     signal,
 *   });
 *   // POST with a JSON body (a `FormData` where the operation takes multipart/form-data).
 *   await api.post('/v2/mandates/{urn}/presentations', { params: { path: { urn } }, body });
 *   // A file: `parseAs: 'blob'` makes the answer a Blob.
 *   const csv = await api.get('/meridian/read/export/transaction/payouts', { host: 'read', parseAs: 'blob' });
 *
 *   // For code that calls `apiFetch` itself (e.g. list endpoints): a typed path, resolved once.
 *   const searchPath: ApiPath = '/meridian/read/search/transaction/payouts';
 *   apiFetch(resolvePath(searchPath), { host: 'read', query });
 *
 * Paths are written exactly as the document has them. The document is generated with the default provider,
 * so its provider paths begin `/meridian/`; `resolvePath` puts the configured provider slug (`PROVIDER`,
 * lib/env) in that first segment at run time, so no other code writes the slug.
 */
import type { paths } from '@meridian/sdk';
import { PROVIDER } from '@/lib/env';
import { apiFetch, type ApiRequestInit } from './client';
import type { ApiPath } from './paths';

/** The HTTP methods the web calls. */
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The operation of `method` on `path` (never when the path has no such method). */
export type ApiOperation<P extends ApiPath, M extends ApiMethod> = NonNullable<paths[P][M]>;

/** The paths that have an operation for `method`. */
export type ApiPathFor<M extends ApiMethod> = {
  [P in ApiPath]: [ApiOperation<P, M>] extends [never] ? never : P;
}[ApiPath];

/** The names in a path template's `{…}` segments, e.g. 'urn' for `/v2/mandates/{urn}`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

type ParamsOf<Op> = Op extends { parameters: infer Params } ? Params : never;
type Part<Params, K extends 'path' | 'query'> = Params extends { [Key in K]?: infer Value } ? Value : never;
type Defined<T> = Exclude<T, undefined>;

/** The path parameters of an operation (never when it has none). */
export type ApiPathParams<Op> = Defined<Part<ParamsOf<Op>, 'path'>>;
/** The query parameters of an operation (never when it takes none). */
export type ApiQuery<Op> = Defined<Part<ParamsOf<Op>, 'query'>>;

type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer Body } } }
  ? Body
  : never;
type TakesForm<Op> = Op extends { requestBody?: { content: { 'multipart/form-data': unknown } } }
  ? true
  : false;
/** The request body of an operation: its JSON body, or a `FormData` for a multipart upload. */
export type ApiBody<Op> = JsonBody<Op> | (TakesForm<Op> extends true ? FormData : never);
type BodyRequired<Op> = Op extends { requestBody: unknown } ? true : false;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type JsonContent<R> = R extends { content: { 'application/json': infer Body } } ? Body : undefined;
/** The JSON answer of an operation: the bodies of its 2xx responses (undefined for one without a body). */
export type ApiAnswer<Op> = Op extends { responses: infer Responses }
  ? { [S in keyof Responses & SuccessStatus]: JsonContent<Responses[S]> }[keyof Responses & SuccessStatus]
  : never;

export type ParseAs = NonNullable<ApiRequestInit['parseAs']>;
type Parsed<Op, As extends ParseAs> = As extends 'blob' ? Blob : As extends 'text' ? string : ApiAnswer<Op>;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

type PathPart<Op> = [ApiPathParams<Op>] extends [never] ? { path?: never } : { path: ApiPathParams<Op> };
type QueryPart<Op> = [ApiQuery<Op>] extends [never]
  ? { query?: never }
  : [RequiredKeys<ApiQuery<Op>>] extends [never]
    ? { query?: ApiQuery<Op> }
    : { query: ApiQuery<Op> };
type ParamsPart<Op> = [ApiPathParams<Op>] extends [never]
  ? [RequiredKeys<ApiQuery<Op>>] extends [never]
    ? { params?: PathPart<Op> & QueryPart<Op> }
    : { params: PathPart<Op> & QueryPart<Op> }
  : { params: PathPart<Op> & QueryPart<Op> };
type BodyPart<Op> = [ApiBody<Op>] extends [never]
  ? { body?: never }
  : BodyRequired<Op> extends true
    ? { body: ApiBody<Op> }
    : { body?: ApiBody<Op> };

/** What `apiFetch` takes besides the path, method, body and query (those come typed from the document). */
type Options<As extends ParseAs> = Omit<ApiRequestInit, 'method' | 'body' | 'json' | 'query' | 'parseAs'> & {
  parseAs?: As;
};

/** The JSON body of `method` on `path`, e.g. `ApiRequestBody<'post', '/v2/mandates'>`. */
export type ApiRequestBody<M extends ApiMethod, P extends ApiPathFor<M>> = JsonBody<ApiOperation<P, M>>;
/** The JSON answer of `method` on `path`, e.g. `ApiResponseBody<'get', '/v2/user/mfa'>`. */
export type ApiResponseBody<M extends ApiMethod, P extends ApiPathFor<M>> = ApiAnswer<ApiOperation<P, M>>;

/** The options of one typed call: `params` (path, query) and `body` as the operation declares them. */
export type ApiInit<Op, As extends ParseAs = 'json'> = Options<As> & ParamsPart<Op> & BodyPart<Op>;

/** The options are optional when the operation needs no parameters and no body. */
type InitArgs<Op, As extends ParseAs> =
  Record<string, never> extends ParamsPart<Op> & BodyPart<Op>
    ? [init?: ApiInit<Op, As>]
    : [init: ApiInit<Op, As>];

/** The document's provider segment: the OpenAPI document is generated with the default provider. */
const DOCUMENT_PROVIDER_PREFIX = '/meridian/';

/**
 * The runtime path of a document path: the configured provider slug in place of the document's leading
 * `/meridian/` segment, and each `{name}` replaced by its parameter, URI-encoded. A missing parameter throws
 * (a programming error: the types require every one).
 */
export function resolvePath<P extends ApiPath>(
  path: P,
  ...[params]: [PathParamNames<P>] extends [never]
    ? [params?: Record<string, never>]
    : [params: Record<PathParamNames<P>, string | number>]
): string {
  const withProvider = path.startsWith(DOCUMENT_PROVIDER_PREFIX)
    ? `/${PROVIDER}/${path.slice(DOCUMENT_PROVIDER_PREFIX.length)}`
    : path;
  const values: Record<string, string | number> = params ?? {};
  return withProvider.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

interface RuntimeInit extends Options<ParseAs> {
  params?: { path?: object; query?: object };
  body?: unknown;
}

function call(method: Uppercase<ApiMethod>, path: ApiPath, init: RuntimeInit = {}): Promise<unknown> {
  const { params, body, ...rest } = init;
  const runtimePath = (resolvePath as (path: ApiPath, params?: object) => string)(path, params?.path);
  const request: ApiRequestInit = { ...rest, method };
  if (params?.query) request.query = params.query as ApiRequestInit['query'];
  if (body instanceof FormData) request.body = body;
  else if (body !== undefined) request.json = body;
  return apiFetch<unknown>(runtimePath, request);
}

/** A typed call of one method: `path` must be a document path with that method. */
type Caller<M extends ApiMethod> = <P extends ApiPathFor<M>, As extends ParseAs = 'json'>(
  path: P,
  ...init: InitArgs<ApiOperation<P, M>, As>
) => Promise<Parsed<ApiOperation<P, M>, As>>;

function caller<M extends ApiMethod>(method: M): Caller<M> {
  const upper = method.toUpperCase() as Uppercase<ApiMethod>;
  return ((path: ApiPath, init?: RuntimeInit) => call(upper, path, init)) as Caller<M>;
}

/** The typed API client (see the top of this file). */
export const api = {
  get: caller('get'),
  post: caller('post'),
  put: caller('put'),
  patch: caller('patch'),
  delete: caller('delete'),
} as const;
