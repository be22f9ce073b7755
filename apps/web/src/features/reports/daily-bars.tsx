import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

export interface DailySeries {
  /** The series' name (an API, a product). */
  name: string;
  values: Readonly<Record<string, number>>;
}

const COLOURS = [
  'bg-blue-500',
  'bg-emerald-500',
  'bg-amber-500',
  'bg-violet-500',
  'bg-rose-500',
  'bg-cyan-500',
];

/** A day (YYYY-MM-DD) as a short column header, "20 Nov" (the calendar day itself: no time zone shift). */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: '2-digit',
    month: 'short',
    timeZone: 'UTC',
  });

/**
 * Values per day as stacked bars, one colour per series (plain elements: a charting library would weigh more than
 * the screen), and the same numbers as a table for every reader: a row per series and a column per day, so that many
 * series (twelve APIs) do not widen it past the screen. Days in order, YYYY-MM-DD.
 */
export function DailyBars({
  title,
  days,
  series,
  unit,
}: {
  title: string;
  days: readonly string[];
  series: readonly DailySeries[];
  unit: string;
}) {
  const totals = days.map((d) => series.reduce((n, s) => n + (s.values[d] ?? 0), 0));
  return (
    <figure className="flex min-w-0 flex-col gap-3">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <Bars days={days} series={series} unit={unit} totals={totals} />
      <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {series.map((s, j) => (
          <li key={s.name} className="flex items-center gap-1.5">
            <span className={`inline-block size-2.5 rounded-sm ${COLOURS[j % COLOURS.length]}`} />
            {s.name}
          </li>
        ))}
      </ul>
      <DailyTable title={title} days={days} series={series} unit={unit} totals={totals} />
    </figure>
  );
}

interface DailyProps {
  days: readonly string[];
  series: readonly DailySeries[];
  unit: string;
  /** Each day's sum over the series. */
  totals: readonly number[];
}

/** The stacked bars, hidden from assistive technology (the table says the same). */
function Bars({ days, series, unit, totals }: DailyProps) {
  const top = Math.max(1, ...totals);
  return (
    <div aria-hidden="true" className="flex h-40 items-end gap-1 border-b border-border">
      {days.map((d, i) => (
        <div key={d} className="flex h-full flex-1 flex-col justify-end" title={`${d}: ${totals[i]} ${unit}`}>
          {series.map((s, j) =>
            s.values[d] ? (
              <div
                key={s.name}
                className={COLOURS[j % COLOURS.length]}
                style={{ height: `${((s.values[d] ?? 0) / top) * 100}%` }}
              />
            ) : null,
          )}
        </div>
      ))}
    </div>
  );
}

/** The numbers as a table: a row per series and its total, a column per day, and the days' totals. */
function DailyTable({ title, days, series, unit, totals }: DailyProps & { title: string }) {
  return (
    <Table density="compact" scrollLabel={`${title} as a table`}>
      <TableCaption>{title}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>
            <span className="sr-only">Series</span>
          </TableHead>
          {days.map((d) => (
            <TableHead key={d} align="right" className="whitespace-nowrap">
              <time dateTime={d}>{dayLabel(d)}</time>
            </TableHead>
          ))}
          <TableHead align="right">Total</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {series.map((s) => (
          <TableRow key={s.name} className="border-t">
            <TableHead scope="row" className="font-normal whitespace-nowrap">
              {s.name}
            </TableHead>
            {days.map((d) => (
              <TableCell key={d} align="right" className="tabular-nums">
                {s.values[d] ?? 0}
              </TableCell>
            ))}
            <TableCell align="right" className="tabular-nums">
              {days.reduce((n, d) => n + (s.values[d] ?? 0), 0)}
            </TableCell>
          </TableRow>
        ))}
        <TableRow className="border-t font-medium">
          <TableHead scope="row" className="whitespace-nowrap">
            Total ({unit})
          </TableHead>
          {days.map((d, i) => (
            <TableCell key={d} align="right" className="tabular-nums">
              {totals[i]}
            </TableCell>
          ))}
          <TableCell align="right" className="tabular-nums">
            {totals.reduce((n, t) => n + t, 0)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** Rows of (day, name, value) as the chart's days and series. */
export function toSeries<R>(
  rows: readonly R[],
  day: (r: R) => string,
  name: (r: R) => string,
  value: (r: R) => number,
) {
  const days = [...new Set(rows.map(day))].sort();
  const byName = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const values = byName.get(name(r)) ?? {};
    values[day(r)] = (values[day(r)] ?? 0) + value(r);
    byName.set(name(r), values);
  }
  return { days, series: [...byName].map(([n, values]) => ({ name: n, values })) };
}
