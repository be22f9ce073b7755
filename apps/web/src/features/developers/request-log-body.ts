/**
 * A request's or an answer's body as the request log stores it: nothing, the masked JSON, a cut body (its JSON
 * above the cap: `{ _truncated: true, bytes, preview? }`, the preview being the start of its masked text) or a
 * body not stored because it is not JSON (`{ _omitted: '<content type>' }`, e.g. a file upload).
 */
export type StoredBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'cut'; bytes: number | null; preview: string | null }
  | { kind: 'omitted'; type: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function storedBody(value: unknown): StoredBody {
  if (value === null || value === undefined) return { kind: 'none' };
  if (isRecord(value) && value._truncated === true) {
    return {
      kind: 'cut',
      bytes: typeof value.bytes === 'number' ? value.bytes : null,
      preview: typeof value.preview === 'string' ? value.preview : null,
    };
  }
  if (isRecord(value) && typeof value._omitted === 'string' && Object.keys(value).length === 1) {
    return { kind: 'omitted', type: value._omitted };
  }
  return { kind: 'json', value };
}

/**
 * The recorded query as a query string: a repeated key (stored as a list) repeats, any other value is written
 * as text (an object as its JSON); '' when there is none.
 */
export function queryString(query: Readonly<Record<string, unknown>> | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      params.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
