import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { FABRIC_PRODUCTS, FABRIC_TITLES, type FabricSummary } from '@meridian/contract/fabric';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { timeZonePreference } from '@/lib/preferences/display';
import { useCreditBalance } from '../api/balance';
import { useFabricSummary } from '../api/summary';
import { FABRIC_PATHS } from '../products';
import { LiveTail } from './live-tail';

const number = (n: number) => n.toLocaleString('en-IN');
/** The share of successful calls, e.g. "96.4%"; '-' with no calls. */
export const successRate = (success: number, calls: number) =>
  calls === 0 ? '-' : `${Math.round((success / calls) * 1000) / 10}%`;

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <li className="flex flex-col gap-1 rounded-xl border bg-card p-4">
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className="h-8 text-2xl font-semibold tabular-nums">{value}</span>
      <span className="h-5 text-sm text-muted-foreground">{hint}</span>
    </li>
  );
}

const HEADERS = ['Product', 'Calls', 'Successful', 'Success rate', 'Credits used', 'Price'];

/** Today per product: every product has its row (zeros included), so the table never changes shape. */
function TodayByProduct({
  today,
  prices,
  loading,
}: {
  today: FabricSummary['today'] | undefined;
  prices: Record<string, number> | undefined;
  loading: boolean;
}) {
  const byProduct = new Map((today ?? []).map((t) => [t.product, t]));
  const value = (text: ReactNode) => (loading ? <Skeleton className="ml-auto h-4 w-10" /> : text);
  return (
    <Table scrollLabel="Calls today per product" aria-busy={loading || undefined}>
      <TableCaption>Calls today per product</TableCaption>
      <TableHeader className="bg-muted/50 text-muted-foreground">
        <TableRow>
          {HEADERS.map((h, i) => (
            <TableHead key={h} align={i === 0 ? 'left' : 'right'} className="whitespace-nowrap">
              {h}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {FABRIC_PRODUCTS.map((product) => {
          const t = byProduct.get(product);
          const price = prices?.[product];
          return (
            <TableRow key={product} className="border-t">
              <TableHead scope="row" className="font-normal">
                <Link to={FABRIC_PATHS[product]} className="underline-offset-4 hover:underline">
                  {FABRIC_TITLES[product]}
                </Link>
              </TableHead>
              <TableCell align="right" className="tabular-nums">
                {value(number(t?.calls ?? 0))}
              </TableCell>
              <TableCell align="right" className="tabular-nums">
                {value(number(t?.success ?? 0))}
              </TableCell>
              <TableCell align="right" className="tabular-nums">
                {value(successRate(t?.success ?? 0, t?.calls ?? 0))}
              </TableCell>
              <TableCell align="right" className="tabular-nums">
                {value(number(t?.credits ?? 0))}
              </TableCell>
              <TableCell align="right" className="tabular-nums">
                {price === undefined ? '-' : number(price)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/**
 * /fabric: today's calls, success rate and credits left (summary + credit balance), today per product, and a
 * live tail of calls from the events stream. Every block keeps its size while loading (no layout shift).
 */
export function FabricHomePage() {
  const timeZone = timeZonePreference.use();
  const summary = useFabricSummary(timeZone);
  const balance = useCreditBalance();
  const today = summary.data?.today;
  const calls = today?.reduce((n, t) => n + t.calls, 0) ?? 0;
  const success = today?.reduce((n, t) => n + t.success, 0) ?? 0;
  const used = today?.reduce((n, t) => n + t.credits, 0) ?? 0;
  const credits = balance.data?.credits ?? summary.data?.credits;
  const pending = <Skeleton className="mt-1 h-6 w-20" />;

  return (
    <PageFrame
      title="Fabric overview"
      description="Identity-verification (KYC) calls today, credits left and calls as they happen."
      breadcrumb={[{ label: 'Fabric' }, { label: 'Fabric overview' }]}
      actions={
        <Button asChild variant="outline">
          <Link to="/configurations/api-keys">API keys</Link>
        </Button>
      }
    >
      {summary.isError && (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4"
        >
          <p className="text-sm">Today's figures could not be loaded: {summary.error.message}</p>
          <Button variant="outline" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </div>
      )}
      <section aria-label="Today" className="flex flex-col gap-3">
        <ul className="grid gap-3 sm:grid-cols-3">
          <Stat label="Calls today" value={summary.isPending ? pending : number(calls)} />
          <Stat
            label="Success rate"
            value={summary.isPending ? pending : successRate(success, calls)}
            hint={summary.isPending ? undefined : `${number(success)} of ${number(calls)} successful`}
          />
          <Stat
            label="Credits left"
            value={
              credits !== undefined ? number(credits) : balance.isPending || summary.isPending ? pending : '-'
            }
            hint={summary.isPending ? undefined : `${number(used)} used today`}
          />
        </ul>
      </section>
      <section aria-labelledby="fabric-today-products" className="flex flex-col gap-3">
        <h2 id="fabric-today-products" className="text-lg font-semibold">
          Today per product
        </h2>
        <TodayByProduct today={today} prices={balance.data?.prices} loading={summary.isPending} />
      </section>
      <LiveTail />
    </PageFrame>
  );
}
