import { ScrollRegion } from '@/components/ui/scroll-region';

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

/**
 * Values per day as stacked bars, one colour per series (plain elements: a charting library would weigh more than
 * the screen), and the same numbers as a table for every reader. Days in order, YYYY-MM-DD.
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
  const top = Math.max(1, ...totals);
  return (
    <figure className="flex min-w-0 flex-col gap-3">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <div aria-hidden="true" className="flex h-40 items-end gap-1 border-b border-border">
        {days.map((d, i) => (
          <div
            key={d}
            className="flex h-full flex-1 flex-col justify-end"
            title={`${d}: ${totals[i]} ${unit}`}
          >
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
      <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {series.map((s, j) => (
          <li key={s.name} className="flex items-center gap-1.5">
            <span className={`inline-block size-2.5 rounded-sm ${COLOURS[j % COLOURS.length]}`} />
            {s.name}
          </li>
        ))}
      </ul>
      <ScrollRegion label={`${title} as a table`}>
        <table className="w-full text-left text-xs">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 font-medium">
                Day
              </th>
              {series.map((s) => (
                <th key={s.name} scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                  {s.name}
                </th>
              ))}
              <th scope="col" className="px-2 py-1 font-medium">
                Total ({unit})
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d} className="border-t">
                <th scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                  {d}
                </th>
                {series.map((s) => (
                  <td key={s.name} className="px-2 py-1 tabular-nums">
                    {s.values[d] ?? 0}
                  </td>
                ))}
                <td className="px-2 py-1 tabular-nums">{totals[i]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </figure>
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
