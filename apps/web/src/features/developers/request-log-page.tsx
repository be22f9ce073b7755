import { formatDurationMs } from '@/lib/format/duration';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import Check from 'lucide-react/icons/check';
import Terminal from 'lucide-react/icons/terminal';
import Waypoints from 'lucide-react/icons/waypoints';
import {
  REQUEST_CHANNEL_LABELS,
  LIST_PAGE_ANSWER,
  REQUEST_LOG_BODY_BYTES,
  REQUEST_LOG_RETENTION_DAYS,
  REQUEST_LOGS_LIST,
  type RequestLogDetails,
  type RequestLogRecord,
} from '@meridian/contract/developers';
import {
  Code,
  DataTable,
  DetailList,
  StatusBadge,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
  type ListSearch,
} from '@/components/data-table';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { getStoredUser } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { requestLogDetailsQueryOptions, requestLogEndpoints } from './request-log-api';
import { queryString, storedBody } from './request-log-body';
import { buildCurl } from './request-log-curl';

/** Badge colour of an HTTP status by its class: success green, redirect blue, refusal yellow, failure red. */
export function statusVariant(status: number): BadgeVariant {
  if (status >= 500) return 'red';
  if (status >= 400) return 'yellow';
  if (status >= 300) return 'blue';
  if (status >= 200) return 'green';
  return 'grey';
}

function HttpStatus({ status }: { status: number }) {
  const text = String(status);
  return <StatusBadge status={text} variants={{ [text]: statusVariant(status) }} />;
}

/** The page's own cells; every other column is drawn from the list definition. */
const COLUMNS: ColumnOverrides<RequestLogRecord, ColumnKey<typeof REQUEST_LOGS_LIST>> = {
  cells: {
    status: (r) => <HttpStatus status={r.status} />,
    duration_ms: (r) => (
      <span className="whitespace-nowrap tabular-nums">{formatDurationMs(r.duration_ms)}</span>
    ),
    channel: (r) => REQUEST_CHANNEL_LABELS[r.channel],
    actor: (r) => <span className="break-all">{r.actor}</span>,
    resources: (r) =>
      r.resources.length === 0 ? (
        '-'
      ) : (
        <span className="flex flex-col">
          {r.resources.map((urn) => (
            <Code wrap key={urn}>
              {urn}
            </Code>
          ))}
        </span>
      ),
  },
  primary: 'route',
  cards: { route: 'primary', method: 'secondary', status: 'status', actor: 'secondary' },
};

const pre =
  'max-h-72 overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-words whitespace-pre-wrap';
const bytes = new Intl.NumberFormat('en-IN');

/**
 * A query or body as stored: masked JSON indented; a cut body says so and shows the start of its text that was
 * kept; a body that was not JSON names its type only.
 */
function Body({ value, label }: { value: unknown; label: string }) {
  const body = storedBody(value);
  switch (body.kind) {
    case 'none':
      return <p className="text-sm text-muted-foreground">None</p>;
    case 'json':
      return (
        <pre aria-label={label} className={pre}>
          {JSON.stringify(body.value, null, 2)}
        </pre>
      );
    case 'omitted':
      return (
        <p className="text-sm text-muted-foreground">
          {body.type === LIST_PAGE_ANSWER
            ? 'Not recorded: a page of a list (run the same request again to see its rows).'
            : `Not recorded: a ${body.type} body.`}
        </p>
      );
    case 'cut':
      return (
        <>
          <p className="text-sm text-muted-foreground">
            Truncated{body.bytes === null ? '' : ` (${bytes.format(body.bytes)} bytes)`}:{' '}
            {body.preview === null ? 'too large to keep any of it.' : 'its beginning as recorded.'}
          </p>
          {body.preview !== null && (
            <pre aria-label={label} className={pre}>
              {body.preview}
            </pre>
          )}
        </>
      );
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-2">
      <h3 className="text-sm font-medium">{title}</h3>
      {children}
    </section>
  );
}

/** How long the curl button says that it copied. */
const COPIED_MS = 2000;

/** Copies the request as a curl command (no secret: credentials are shell variables to fill in). */
function CopyCurlButton({ log }: { log: RequestLogDetails }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(buildCurl(log, { clientId: getStoredUser()?.client_id }));
    } catch {
      toast.error('Could not copy', { description: 'The browser did not allow access to the clipboard.' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <>
      <Button variant="outline" onClick={() => void copy()}>
        {copied ? <Check aria-hidden className="text-success" /> : <Terminal aria-hidden />}
        Copy as curl
      </Button>
      <span role="status" className="sr-only">
        {copied ? 'Curl command copied' : ''}
      </span>
    </>
  );
}

function RequestLogBody({ log }: { log: RequestLogDetails }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <CopyCurlButton log={log} />
        <Button variant="outline" asChild>
          <Link to="/trace/$id" params={{ id: log.request_id }}>
            <Waypoints aria-hidden />
            Open trace
          </Link>
        </Button>
      </div>
      {log.truncated && (
        <Alert variant="warning" role="note">
          <AlertTitle>Truncated</AlertTitle>
          <AlertDescription>
            A body above {REQUEST_LOG_BODY_BYTES / 1024} KB was cut when the request was recorded: only its
            beginning was kept (nothing of a very large answer).
          </AlertDescription>
        </Alert>
      )}
      <Section title="Request">
        <DetailList
          items={[
            [
              'Request',
              <Code wrap key="r">
                {`${log.method} ${log.path}${queryString(log.query)}`}
              </Code>,
            ],
            ['Caller', `${REQUEST_CHANNEL_LABELS[log.channel]} · ${log.actor}`],
            [
              'Idempotency-Key',
              log.idempotency_key && (
                <Code wrap key="i">
                  {log.idempotency_key}
                </Code>
              ),
            ],
          ]}
        />
        {log.query && Object.keys(log.query).length > 0 && <Body value={log.query} label="Request query" />}
        <h4 className="text-xs font-medium text-muted-foreground">Body</h4>
        <Body value={log.request_body} label="Request body" />
      </Section>
      <Section title="Answer">
        <DetailList
          items={[
            ['Status', <HttpStatus key="s" status={log.status} />],
            ['Duration', formatDurationMs(log.duration_ms)],
          ]}
        />
        <h4 className="text-xs font-medium text-muted-foreground">Body</h4>
        <Body value={log.response_body} label="Answer body" />
      </Section>
    </div>
  );
}

const DETAILS: DataTableDetails<RequestLogRecord, RequestLogDetails> = {
  title: (id, row) => (row ? `${row.method} ${row.route}` : `Request ${id}`),
  idLabel: 'request ID',
  description: (id, row) => (row ? `${row.status} · ${id}` : 'The request and its answer'),
  noun: 'request',
  query: requestLogDetailsQueryOptions,
  row: (log) => log,
  render: (log) => <RequestLogBody log={log} />,
};

/**
 * /developers/logs: every API request of the client, from a dashboard session or an API key, with its
 * status, duration and caller, filterable by status class, method and caller and searchable by request id,
 * resource, idempotency key, route or caller; the details show the masked request and answer.
 */
export function RequestLogPage({
  search,
  onSearchChange,
}: {
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
}) {
  return (
    <PageFrame
      title="Request log"
      description="Every API request made from the dashboard or with an API key, with its answer; secrets are never stored and personal data is masked."
      breadcrumb={[{ label: 'Developers', to: '/configurations' }, { label: 'Request log' }]}
    >
      <DataTable
        list={REQUEST_LOGS_LIST}
        endpoints={requestLogEndpoints}
        {...COLUMNS}
        rowId={(r) => r.request_id}
        details={DETAILS}
        empty={{
          title: 'No requests in this date range',
          hint: `Requests are kept ${REQUEST_LOG_RETENTION_DAYS} days by default; widen the range or change the filters to see others.`,
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
    </PageFrame>
  );
}
