import { useEffect } from 'react';

/** What came back from one call. */
export interface CallResult {
  status: number;
  statusText: string;
  /** From sending to the whole body read, in ms. */
  ms: number;
  headers: Array<[string, string]>;
  contentType: string;
  /** JSON (parsed) when the answer is JSON, else text for text answers, else a download. */
  json?: { value: unknown };
  text?: string;
  download?: { url: string; name: string; size: number };
}

/** Reads a Response into a CallResult: JSON parsed, text kept, anything else (PDF, XLSX…) as a download. */
export async function readResult(response: Response, startedAt: number, name: string): Promise<CallResult> {
  const contentType = response.headers.get('content-type') ?? '';
  const base = {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    contentType,
  };
  const textual = /json|^text\/|csv|xml|javascript|svg/.test(contentType) || contentType === '';
  if (!textual) {
    const blob = await response.blob();
    const ext = contentType.includes('pdf') ? 'pdf' : contentType.includes('sheet') ? 'xlsx' : 'bin';
    return {
      ...base,
      ms: Math.round(performance.now() - startedAt),
      download: { url: URL.createObjectURL(blob), name: `${name}.${ext}`, size: blob.size },
    };
  }
  const text = await response.text();
  const ms = Math.round(performance.now() - startedAt);
  if (contentType.includes('json') && text) {
    try {
      return { ...base, ms, json: { value: JSON.parse(text) as unknown } };
    } catch {
      // not JSON after all: shown as text
    }
  }
  return { ...base, ms, text };
}

const MAX_TEXT = 200_000;

/** A JSON value, pretty and highlighted; objects and arrays collapse (open to depth 2). */
function JsonNode({ value, depth, name }: { value: unknown; depth: number; name?: string }) {
  const key = name !== undefined && (
    <span className="text-sky-700 dark:text-sky-300">{JSON.stringify(name)}: </span>
  );
  if (value === null || typeof value !== 'object') {
    const cls =
      typeof value === 'string'
        ? 'text-emerald-700 dark:text-emerald-300'
        : typeof value === 'number'
          ? 'text-amber-700 dark:text-amber-300'
          : 'text-fuchsia-700 dark:text-fuchsia-300';
    return (
      <div className="break-all">
        {key}
        <span className={cls}>{JSON.stringify(value)}</span>
      </div>
    );
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0)
    return (
      <div>
        {key}
        {open}
        {close}
      </div>
    );
  return (
    <details open={depth < 2} className="[&[open]>summary>.more]:hidden">
      <summary className="cursor-pointer list-inside">
        {key}
        {open}
        <span className="more text-muted-foreground">
          {' '}
          {entries.length} {Array.isArray(value) ? 'items' : 'keys'} {close}
        </span>
      </summary>
      <div className="border-l pl-4">
        {entries.map(([k, v]) => (
          <JsonNode key={k} value={v} depth={depth + 1} {...(Array.isArray(value) ? {} : { name: k })} />
        ))}
      </div>
      <div>{close}</div>
    </details>
  );
}

/** Status, latency, headers and the answer of the last call. */
export function ResponseView({ result }: { result: CallResult }) {
  useEffect(() => () => result.download && URL.revokeObjectURL(result.download.url), [result]);
  const ok = result.status >= 200 && result.status < 300;
  return (
    <section aria-label="Response" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" role="status">
        <span className={ok ? 'font-semibold text-success' : 'font-semibold text-destructive'}>
          Status {result.status}
          {result.statusText ? ` ${result.statusText}` : ''}
        </span>
        <span className="tabular-nums">{result.ms} ms</span>
        {result.contentType && <span className="text-muted-foreground">{result.contentType}</span>}
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-medium">
          Response headers ({result.headers.length})
        </summary>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 font-mono text-xs sm:grid-cols-[auto_minmax(0,1fr)]">
          {result.headers.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-muted-foreground">{name}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div
        aria-label="Response body"
        role="region"
        tabIndex={0}
        className="max-h-[32rem] overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs"
      >
        {result.json ? (
          <JsonNode value={result.json.value} depth={0} />
        ) : result.download ? (
          <a href={result.download.url} download={result.download.name} className="text-primary underline">
            Download {result.download.name} ({result.download.size.toLocaleString('en-IN')} bytes)
          </a>
        ) : result.text ? (
          <pre className="break-all whitespace-pre-wrap">
            {result.text.length > MAX_TEXT ? `${result.text.slice(0, MAX_TEXT)}\n… (cut)` : result.text}
          </pre>
        ) : (
          <span className="text-muted-foreground">(empty body)</span>
        )}
      </div>
    </section>
  );
}
