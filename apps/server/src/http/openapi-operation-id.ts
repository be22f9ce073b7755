// How an operation is named in the OpenAPI document when its route does not name it (`schema.operationId`).

const ACTION_VERBS = new Set([
  'pause',
  'resume',
  'cancel',
  'close',
  'reopen',
  'revoke',
  'invoke',
  'reattempt',
  'load',
  'unload',
  'initiate',
  'verify',
  'logout',
  'reset',
  'simulate',
  'presentations',
]);
/** Path segments that name the verb of a read (`/{provider}/read/search/…`). */
const READ_VERBS: Record<string, string> = {
  search: 'search',
  count: 'count',
  export: 'export',
  fetch: 'get',
  stream: 'stream',
};
/** Segments that carry no meaning in a name. */
const NOISE = new Set(['v2', 'read', 'core_banking', 'excalibur', 'money_transfer', 'banking', 'company']);

const words = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
export const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const singular = (w: string) =>
  w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.endsWith('ss') || !w.endsWith('s') ? w : w.slice(0, -1);

/**
 * `GET /{provider}/read/search/transaction/payouts` → `searchTransactionPayouts`;
 * `GET /v2/mandates/{urn}` → `getMandateByUrn`; `POST /v2/mandates/{urn}/pause` → `pauseMandate`;
 * `POST /v2/mandates` → `createMandates`.
 */
export function operationIdFor(method: string, url: string, provider: string): string {
  const segments = url
    .split('/')
    .filter(Boolean)
    .filter((s, i) => !(i === 0 && s === provider) && !NOISE.has(s));
  const params = segments.filter((s) => s.startsWith('{') || s.startsWith(':'));
  const isParam = (s: string) => s.startsWith('{') || s.startsWith(':');
  let verb: string | undefined;
  const rest = [...segments];
  const readVerb = rest.findIndex((s) => s in READ_VERBS);
  if (readVerb >= 0 && method === 'GET') verb = READ_VERBS[rest.splice(readVerb, 1)[0]!];
  const last = rest.at(-1);
  if (!verb && method !== 'GET' && last && ACTION_VERBS.has(last)) {
    verb = last === 'presentations' ? 'present' : last;
    rest.pop();
  }
  verb ??=
    { GET: 'get', POST: 'create', PUT: 'replace', PATCH: 'update', DELETE: 'delete' }[method] ?? 'call';
  const nouns: string[] = [];
  rest.forEach((s, i) => {
    if (isParam(s)) return;
    const next = rest[i + 1];
    const ws = words(s);
    if (next && isParam(next) && ws.length) ws[ws.length - 1] = singular(ws.at(-1)!);
    nouns.push(...ws);
  });
  const trailingParam = segments.at(-1) && isParam(segments.at(-1)!) && method === 'GET';
  const by = trailingParam ? params.map((p) => `By${words(p).map(cap).join('')}`).join('') : '';
  return [verb, ...nouns.map(cap)].join('') + by;
}
