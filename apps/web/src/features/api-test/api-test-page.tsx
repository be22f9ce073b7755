import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { apiFetch, apiResponse, buildUrl, isApiError } from '@/lib/api';
import { getAccessToken, getStoredUser } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { cx } from '@/lib/cx';
import { FieldControl } from './field-control';
import {
  filterOperations,
  groupByTag,
  operationsOf,
  type ApiOperation,
  type ApiParameter,
  type AuthMode,
} from './openapi';
import {
  amountOf,
  buildRequest,
  credentialHeaders,
  toCurl,
  type BuiltRequest,
  type Credentials,
  type ParameterValues,
} from './request';
import { readResult, ResponseView, type CallResult } from './response-view';
import { fieldFor, fromJson, initialDraft, toJson, type Draft, type FieldError } from './schema-form';

const METHOD_COLORS: Record<string, string> = {
  GET: 'text-sky-700 dark:text-sky-300',
  POST: 'text-emerald-700 dark:text-emerald-300',
  PUT: 'text-amber-700 dark:text-amber-300',
  PATCH: 'text-amber-700 dark:text-amber-300',
  DELETE: 'text-destructive',
};
const AUTH_LABELS: Record<AuthMode, string> = {
  session: 'Signed-in session',
  apiKey: 'API key',
  none: 'None (public)',
};

function Method({ method }: { method: string }) {
  return (
    <span className={cx('w-12 shrink-0 font-mono text-xs font-semibold', METHOD_COLORS[method])}>
      {method}
    </span>
  );
}

const paramKey = (p: ApiParameter) => `${p.in}:${p.name}`;
const isIdempotencyKey = (p: ApiParameter) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key';

/** The form of one operation: parameters, body (form or raw JSON), credentials, send, copy as curl, answer. */
function OperationPanel({ op }: { op: ApiOperation }) {
  const paramFields = useMemo(
    () => op.parameters.map((p) => ({ param: p, field: fieldFor(p.schema, p.name, p.required) })),
    [op],
  );
  const jsonBody = op.body?.contentType.includes('json') ?? false;
  const bodyField = useMemo(
    () => (op.body && jsonBody ? fieldFor(op.body.schema, '', op.body.required) : undefined),
    [op, jsonBody],
  );
  const [params, setParams] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(
      paramFields.map(({ param, field }) => [
        paramKey(param),
        isIdempotencyKey(param) ? crypto.randomUUID() : initialDraft(field),
      ]),
    ),
  );
  const [body, setBody] = useState<Draft>(() => (bodyField ? initialDraft(bodyField) : ''));
  const [tab, setTab] = useState<'form' | 'json'>('form');
  const [raw, setRaw] = useState('');
  const [rawError, setRawError] = useState<string | null>(null);
  const [auth, setAuth] = useState<AuthMode>(
    op.auth.includes('session') ? 'session' : (op.auth[0] ?? 'session'),
  );
  const [keyId, setKeyId] = useState('');
  const [keySecret, setKeySecret] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [result, setResult] = useState<CallResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState<BuiltRequest | null>(null);

  const bodyJson = () => (bodyField ? toJson(bodyField, body, '') : { value: undefined, errors: [] });

  const switchTab = (next: 'form' | 'json') => {
    if (next === 'json') {
      setRaw(JSON.stringify(bodyJson().value ?? {}, null, 2));
      setRawError(null);
    }
    setTab(next);
  };
  const onRawChange = (text: string) => {
    setRaw(text);
    try {
      const value = JSON.parse(text) as unknown;
      if (bodyField) setBody(fromJson(bodyField, value));
      setRawError(null);
    } catch {
      setRawError('Not valid JSON yet: the form keeps its last valid state');
    }
  };

  /** The request from the form, or the problems found in it. */
  const collect = (): { request?: BuiltRequest; body?: unknown; errors: FieldError[] } => {
    const found: FieldError[] = [];
    const values: ParameterValues = { path: {}, query: {}, header: {} };
    for (const { param, field } of paramFields) {
      const converted = toJson(field, params[paramKey(param)] ?? '', param.name);
      found.push(...converted.errors);
      if (converted.value !== undefined) values[param.in][param.name] = converted.value;
    }
    let value: unknown;
    if (bodyField) {
      if (tab === 'json') {
        try {
          value = raw.trim() ? (JSON.parse(raw) as unknown) : undefined;
        } catch {
          found.push({ path: '', message: 'The body is not valid JSON' });
        }
        if (value === undefined && op.body?.required)
          found.push({ path: '', message: 'The body is required' });
      } else {
        const converted = bodyJson();
        found.push(...converted.errors);
        value = converted.value;
      }
    }
    if (auth === 'apiKey' && (!keyId.trim() || !keySecret))
      found.push({ path: 'apiKey', message: 'Enter the key ID and the secret' });
    if (found.length) return { errors: found };
    return { request: buildRequest(op, values, value), body: value, errors: [] };
  };

  const credentialsFor = (mode: AuthMode): Credentials =>
    mode === 'session'
      ? { mode, token: getAccessToken() ?? '', clientId: getStoredUser()?.client_id }
      : mode === 'apiKey'
        ? { mode, keyId: keyId.trim(), keySecret }
        : { mode: 'none' };

  const send = async (request: BuiltRequest) => {
    setSending(true);
    setFailure(null);
    const init = {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: request.body ?? null,
    };
    const startedAt = performance.now();
    try {
      let response: Response;
      if (auth === 'session') response = await apiResponse(request.path, init);
      else {
        const headers = new Headers(init.headers);
        if (auth === 'apiKey') {
          for (const [name, value] of credentialHeaders(credentialsFor('apiKey'))) headers.set(name, value);
        }
        response = await fetch(buildUrl(request.path), { ...init, headers });
      }
      setResult(await readResult(response, startedAt, op.id));
    } catch (error) {
      setResult(null);
      setFailure(isApiError(error) ? `${error.status}: ${error.message}` : String(error));
    } finally {
      setSending(false);
    }
  };

  const onSend = () => {
    const collected = collect();
    setErrors(collected.errors);
    if (!collected.request) return;
    if (op.movesMoney) setConfirming(collected.request);
    else void send(collected.request);
  };

  const onCopy = async () => {
    const collected = collect();
    setErrors(collected.errors);
    if (!collected.request) return;
    // The API host (same origin by default, else the configured absolute URL).
    const base = new URL(buildUrl('') || '/', window.location.href).toString();
    const curl = toCurl(collected.request, base, credentialsFor(auth));
    try {
      await navigator.clipboard.writeText(curl);
      toast.success('Copied as curl', {
        description: auth === 'none' ? undefined : 'It contains your credential: do not share it.',
      });
    } catch {
      toast.error('Could not copy', { description: 'The browser did not allow access to the clipboard.' });
    }
  };

  const newIdempotencyKey = () =>
    setParams((current) => {
      const param = op.parameters.find(isIdempotencyKey);
      return param ? { ...current, [paramKey(param)]: crypto.randomUUID() } : current;
    });

  const locations = (['path', 'query', 'header'] as const).filter((l) =>
    op.parameters.some((p) => p.in === l),
  );
  const confirmAmount = confirming?.body ? amountOf(JSON.parse(confirming.body) as unknown) : undefined;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <div className="flex min-w-0 flex-col gap-2">
        <h2 className="flex min-w-0 flex-wrap items-center gap-2 text-lg font-semibold">
          <Method method={op.method} />
          <code className="font-mono text-sm break-all">{op.path}</code>
        </h2>
        <p className="font-medium">{op.summary}</p>
        {op.description && (
          <p className="text-sm whitespace-pre-line text-muted-foreground">{op.description}</p>
        )}
        <div className="flex flex-wrap gap-2 text-xs">
          <Badge variant="outline" className="font-mono">
            {op.id}
          </Badge>
          {op.movesMoney && <Badge variant="red">Moves money</Badge>}
        </div>
      </div>

      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">Authentication</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2" role="radiogroup" aria-label="Authentication">
          {op.auth.map((mode) => (
            <label key={mode} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`auth-${op.id}`}
                value={mode}
                checked={auth === mode}
                onChange={() => setAuth(mode)}
              />
              {AUTH_LABELS[mode]}
            </label>
          ))}
        </div>
        {auth === 'session' && (
          <p className="text-xs text-muted-foreground">
            Sent with your session&apos;s bearer token and <code>client_id</code>, as the dashboard sends its
            calls.
          </p>
        )}
        {auth === 'apiKey' && (
          <div className="grid min-w-0 gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${op.id}-key-id`}>Key ID</Label>
              <Input
                id={`${op.id}-key-id`}
                value={keyId}
                onChange={(e) => setKeyId(e.target.value)}
                autoComplete="off"
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${op.id}-key-secret`}>Key secret</Label>
              <Input
                id={`${op.id}-key-secret`}
                type="password"
                value={keySecret}
                onChange={(e) => setKeySecret(e.target.value)}
                autoComplete="off"
              />
            </div>
            <p className="text-xs text-muted-foreground sm:col-span-2">
              Kept only on this page, never stored. Create keys under Configurations → API keys.
            </p>
            {errors.some((e) => e.path === 'apiKey') && (
              <p className="text-sm text-destructive sm:col-span-2">Enter the key ID and the secret</p>
            )}
          </div>
        )}
      </fieldset>

      {locations.map((location) => (
        <fieldset key={location} className="flex min-w-0 flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold capitalize">{location} parameters</legend>
          {paramFields
            .filter(({ param }) => param.in === location)
            .map(({ param, field }) => (
              <div key={paramKey(param)} className="flex min-w-0 items-end gap-2">
                <div className="min-w-0 flex-1">
                  <FieldControl
                    field={param.description ? { ...field, description: param.description } : field}
                    draft={params[paramKey(param)] ?? ''}
                    onChange={(d) => setParams((current) => ({ ...current, [paramKey(param)]: d }))}
                    path={param.name}
                    errors={errors}
                    idPrefix={`${op.id}-${location}`}
                  />
                </div>
                {isIdempotencyKey(param) && (
                  <Button type="button" variant="outline" size="sm" onClick={newIdempotencyKey}>
                    New key
                  </Button>
                )}
              </div>
            ))}
        </fieldset>
      ))}

      {op.body && !bodyField && (
        <Alert>
          <AlertTitle>Body: {op.body.contentType}</AlertTitle>
          <AlertDescription>
            This page sends JSON bodies only: send this one with curl (Copy as curl) and add the file.
          </AlertDescription>
        </Alert>
      )}
      {bodyField && (
        <section aria-label="Request body" className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold">
              Body{op.body?.required && <span className="text-destructive"> *</span>}
            </h3>
            <div role="tablist" aria-label="Body editor" className="flex gap-1 rounded-md bg-muted p-1">
              {(['form', 'json'] as const).map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  aria-selected={tab === t}
                  className={cx(
                    'rounded px-3 py-1 text-sm',
                    tab === t ? 'bg-background font-medium shadow-xs' : 'text-muted-foreground',
                  )}
                  onClick={() => switchTab(t)}
                >
                  {t === 'form' ? 'Form' : 'Raw JSON'}
                </button>
              ))}
            </div>
          </div>
          {tab === 'form' ? (
            <FieldControl
              field={bodyField}
              draft={body}
              onChange={setBody}
              path=""
              errors={errors}
              idPrefix={`${op.id}-body`}
              label="body"
            />
          ) : (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${op.id}-raw`}>Raw JSON body</Label>
              <Textarea
                id={`${op.id}-raw`}
                value={raw}
                onChange={(e) => onRawChange(e.target.value)}
                rows={12}
                spellCheck={false}
                className="font-mono text-xs"
                {...(rawError ? { 'aria-describedby': `${op.id}-raw-error` } : {})}
              />
              {rawError && (
                <p id={`${op.id}-raw-error`} className="text-xs text-muted-foreground">
                  {rawError}
                </p>
              )}
              {errors
                .filter((e) => e.path === '')
                .map((e) => (
                  <p key={e.message} className="text-sm text-destructive">
                    {e.message}
                  </p>
                ))}
            </div>
          )}
        </section>
      )}

      {errors.length > 0 && (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden />
          <AlertTitle>
            Not sent: {errors.length === 1 ? 'one field needs' : `${errors.length} fields need`} attention
          </AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {errors.map((e) => (
                <li key={`${e.path}-${e.message}`}>{e.message}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" onClick={onSend} disabled={sending || (!!op.body && !bodyField)}>
          {sending ? 'Sending…' : 'Send'}
        </Button>
        <Button type="button" variant="outline" onClick={() => void onCopy()}>
          Copy as curl
        </Button>
        {auth !== 'none' && (
          <span className="text-xs text-muted-foreground">The copied command contains your credential.</span>
        )}
      </div>

      {failure && (
        <Alert variant="destructive" role="alert">
          <AlertTitle>No answer</AlertTitle>
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      {result && <ResponseView result={result} />}

      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        {confirming && (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>This call moves money</DialogTitle>
              <DialogDescription>
                {op.summary} ({op.id}): {confirming.method} {confirming.path}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Operation</dt>
              <dd className="font-mono break-all">{op.id}</dd>
              <dt className="text-muted-foreground">Amount</dt>
              <dd className="font-semibold tabular-nums">
                {confirmAmount ? `₹${confirmAmount}` : 'as the call decides'}
              </dd>
            </dl>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                onClick={() => {
                  const request = confirming;
                  setConfirming(null);
                  void send(request);
                }}
              >
                Send {op.id}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}

/**
 * The API test page (`/api-test`): the operations of the server's own OpenAPI document (`/docs/json`), grouped
 * by tag with a filter; the selected one (`?op=operationId`) gets a form generated from its schemas.
 */
export function ApiTestPage({ op: selected, onSelect }: { op?: string; onSelect: (id: string) => void }) {
  const [filter, setFilter] = useState('');
  const doc = useQuery({
    queryKey: ['openapi-document'],
    queryFn: () => apiFetch<Record<string, unknown>>('/docs/json'),
    staleTime: 5 * 60_000,
  });
  const ops = useMemo(() => (doc.data ? operationsOf(doc.data) : []), [doc.data]);
  const groups = useMemo(() => groupByTag(filterOperations(ops, filter)), [ops, filter]);
  const current = ops.find((o) => o.id === selected);

  return (
    <PageFrame
      title="API test"
      description="Call the Meridian API from its OpenAPI document: fill a form, send, see the answer, copy it as curl."
    >
      <div className="grid min-w-0 gap-6 md:grid-cols-[18rem_minmax(0,1fr)]">
        <nav aria-label="Operations" className="flex min-w-0 flex-col gap-2">
          <Label htmlFor="api-test-filter">Filter operations</Label>
          <Input
            id="api-test-filter"
            type="search"
            placeholder="Method, path or summary"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <div className="max-h-80 overflow-y-auto rounded-md border md:max-h-[calc(100svh-14rem)]">
            {doc.isPending && (
              <div className="flex flex-col gap-2 p-2">
                {Array.from({ length: 6 }, (_v, i) => (
                  <Skeleton key={i} className="h-8" />
                ))}
              </div>
            )}
            {doc.isError && (
              <p className="p-3 text-sm text-destructive">The API document could not be loaded.</p>
            )}
            {doc.data && groups.length === 0 && (
              <p className="p-3 text-sm text-muted-foreground">No operation matches.</p>
            )}
            {groups.map(([tag, list]) => (
              <div key={tag}>
                <h2 className="sticky top-0 bg-background px-3 py-1 text-xs font-semibold text-muted-foreground uppercase">
                  {tag}
                </h2>
                <ul>
                  {list.map((o) => (
                    <li key={o.id}>
                      <button
                        type="button"
                        aria-current={o.id === selected ? 'true' : undefined}
                        aria-label={`${o.method} ${o.path}: ${o.summary}`}
                        title={o.summary}
                        onClick={() => onSelect(o.id)}
                        className={cx(
                          'flex w-full min-w-0 items-start gap-2 px-3 py-1.5 text-left text-xs hover:bg-accent',
                          o.id === selected && 'bg-accent font-medium',
                        )}
                      >
                        <Method method={o.method} />
                        <span className="min-w-0 font-mono break-all">{o.path}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
        <div className="min-w-0">
          {current ? (
            <OperationPanel key={current.id} op={current} />
          ) : (
            <p className="text-muted-foreground">
              {doc.data && selected ? `No operation ${selected}. ` : ''}Pick an operation on the list.
            </p>
          )}
        </div>
      </div>
    </PageFrame>
  );
}
