import { useState, type ReactNode } from 'react';
import { API_USAGE_LIST, FABRIC_CALL_STATUS_LABELS, type FabricCallStatus } from '@meridian/contract/fabric';
import type { ApiUsageRow } from '@meridian/contract/reports';
import {
  DataTable,
  StatusBadge,
  type ColumnKey,
  type ColumnOverrides,
  type ListSearch,
} from '@/components/data-table';
import { DateRangePicker } from '@/components/data-table/date-range-picker';
import { defaultRange, todayIn, type DateRange } from '@/components/data-table/list-state';
import type { BadgeVariant } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { timeZonePreference } from '@/lib/preferences/display';
import { apiUsageEndpoints } from './api/api-usage';
import { useApiUsageByDay, useCreditConsumption } from './api/usage-charts';
import { DailyBars, toSeries } from './daily-bars';
import { ReportScreen } from './report-screen';

/** A chart's range: the last 7 days by default, whole days in the user's zone. */
function useChartRange() {
  const timeZone = timeZonePreference.use();
  const today = todayIn(timeZone);
  const [range, setRange] = useState<DateRange>(() => defaultRange(today));
  return {
    range,
    setRange,
    today,
    query: { start_date: range.start, end_date: range.end, time_zone: timeZone },
  };
}

function ChartCard({ title, picker, children }: { title: string; picker: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-base leading-none font-semibold">{title}</h2>
          {picker}
        </div>
        {children}
      </CardContent>
    </Card>
  );
}

function ApiUsageChart() {
  const { range, setRange, today, query } = useChartRange();
  const usage = useApiUsageByDay(query);
  const { days, series } = toSeries(
    usage.data ?? [],
    (r) => r.date,
    (r) => r.api_name,
    (r) => r.calls,
  );
  return (
    <ChartCard
      title="Calls per day per API"
      picker={<DateRangePicker range={range} today={today} onChange={setRange} />}
    >
      {usage.isPending ? (
        <p className="text-sm text-muted-foreground">Loading usage…</p>
      ) : usage.isError ? (
        <p className="text-sm text-destructive">The usage could not be loaded.</p>
      ) : days.length === 0 ? (
        <p className="text-sm text-muted-foreground">No metered API calls in this range.</p>
      ) : (
        <DailyBars title="API calls per day" days={days} series={series} unit="calls" />
      )}
    </ChartCard>
  );
}

/** A metered call's status colours (a fabric call's, as its logs show them). */
const CALL_STATUS_VARIANTS = {
  SUCCESS: 'green',
  FAILURE: 'red',
  PENDING: 'yellow',
  REJECTED: 'grey',
  INSUFFICIENT_CREDITS: 'blue',
} as const satisfies Record<FabricCallStatus, BadgeVariant>;

/** The page's own cells; every other column is drawn from API_USAGE_LIST. */
const USAGE_COLUMNS: ColumnOverrides<ApiUsageRow, ColumnKey<typeof API_USAGE_LIST>> = {
  cells: {
    status: (r) => (
      <StatusBadge
        status={r.status}
        variants={CALL_STATUS_VARIANTS}
        label={FABRIC_CALL_STATUS_LABELS[r.status as FabricCallStatus] ?? r.status}
      />
    ),
    channel: (r) => (r.channel === 'api_key' ? 'API key' : 'Dashboard'),
  },
  primary: 'urn',
  cards: { api_name: 'primary', urn: 'secondary', credits: 'amount' },
};

/** /reports/api-usage: every metered API call (the list), calls per day per API, and the API usage report. */
export function ApiUsagePage({
  search,
  onSearchChange,
}: {
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
}) {
  return (
    <ReportScreen
      title="API usage"
      description="Every metered API call with the credits it used, calls per day per API, and the usage report."
      types={['api_usage']}
    >
      <ApiUsageChart />
      <DataTable
        list={API_USAGE_LIST}
        endpoints={apiUsageEndpoints}
        {...USAGE_COLUMNS}
        rowId={(r) => r.urn}
        empty={{
          title: 'No metered API calls in this date range',
          hint: 'Each KYC call is metered and listed here.',
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
    </ReportScreen>
  );
}

function ConsumptionChart() {
  const { range, setRange, today, query } = useChartRange();
  const consumption = useCreditConsumption(query);
  const rows = consumption.data ?? [];
  const used = toSeries(
    rows.filter((r) => r.product !== null),
    (r) => r.date,
    (r) => r.product!,
    (r) => r.used,
  );
  const last = rows.at(-1);
  return (
    <ChartCard
      title="Credits used per day"
      picker={<DateRangePicker range={range} today={today} onChange={setRange} />}
    >
      {consumption.isPending ? (
        <p className="text-sm text-muted-foreground">Loading credits…</p>
      ) : consumption.isError ? (
        <p className="text-sm text-destructive">The credit consumption could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No credit movement in this range.</p>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            Loaded {rows.reduce((n, r) => n + r.loaded, 0)} · unloaded{' '}
            {rows.reduce((n, r) => n + r.unloaded, 0)} · balance at the end of {last!.date}:{' '}
            <strong>{last!.balance}</strong> credits
          </p>
          <DailyBars
            title="Credits used per day per product"
            days={used.days}
            series={used.series}
            unit="credits"
          />
        </div>
      )}
    </ChartCard>
  );
}

/** /reports/credit-consumption: credits used per product per day (chart) and the report. */
export function CreditConsumptionPage() {
  return (
    <ReportScreen
      title="Credit consumption"
      description="Credits used per product per day, loads and unloads, and the running balance."
      types={['credit_consumption']}
    >
      <ConsumptionChart />
    </ReportScreen>
  );
}
