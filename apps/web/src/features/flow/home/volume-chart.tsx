import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, toPaise } from '@/lib/format/money';
import { shortDay } from './short-day';

export interface VolumeDay {
  /** YYYY-MM-DD in the user's time zone. */
  date: string;
  count: number;
  amount: string;
}

const compactRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

interface Point {
  label: string;
  /** Rupees as a number: bar heights only; every amount shown as text comes from the decimal string. */
  rupees: number;
  amount: string;
  count: number;
}

function ChartTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: Point }>;
}) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md">
      <p className="font-medium">{point.label}</p>
      <p>{formatMoney(point.amount)}</p>
      <p className="text-muted-foreground">
        {point.count} payout{point.count === 1 ? '' : 's'}
      </p>
    </div>
  );
}

/**
 * The 7-day payout volume as bars (recharts, loaded lazily by the home page). Decorative for assistive
 * technology: the page puts the same numbers in a table.
 */
export default function VolumeChart({ days }: { days: readonly VolumeDay[] }) {
  const data: Point[] = days.map((d) => ({
    label: shortDay(d.date),
    rupees: Number(toPaise(d.amount) ?? 0n) / 100,
    amount: d.amount,
    count: d.count,
  }));
  return (
    <div aria-hidden="true" className="h-60 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="label"
            tickLine={false}
            axisLine={false}
            tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
          />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={64}
            tickFormatter={(v: number) => compactRupees.format(v)}
            tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
          />
          <Tooltip cursor={{ fill: 'var(--color-muted)' }} content={<ChartTooltip />} />
          <Bar
            dataKey="rupees"
            fill="var(--color-progress)"
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
