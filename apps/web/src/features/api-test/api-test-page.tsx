import { useMemo, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { PageFrame } from '@/components/layout/page-frame';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { apiFetch } from '@/lib/api';
import { cx } from '@/lib/cx';
import { Method } from './method';
import { filterOperations, groupByTag, operationsOf, type ApiOperation } from './openapi';
import { OperationPanel } from './operation-panel';

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
          <OperationList doc={doc} groups={groups} selected={selected} onSelect={onSelect} />
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

/** The operations of the document, grouped by tag, the selected one marked; or why there are none. */
function OperationList({
  doc,
  groups,
  selected,
  onSelect,
}: {
  doc: UseQueryResult<Record<string, unknown>>;
  groups: Array<[string, ApiOperation[]]>;
  selected?: string;
  onSelect: (id: string) => void;
}) {
  return (
    <div className="max-h-80 overflow-y-auto rounded-md border md:max-h-[calc(100svh-14rem)]">
      {doc.isPending && (
        <div className="flex flex-col gap-2 p-2">
          {Array.from({ length: 6 }, (_v, i) => (
            <Skeleton key={i} className="h-8" />
          ))}
        </div>
      )}
      {doc.isError && <p className="p-3 text-sm text-destructive">The API document could not be loaded.</p>}
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
  );
}
