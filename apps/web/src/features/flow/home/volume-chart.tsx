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

/**
 * Round axis values from 0 to at least `max` in at most `count` steps of 1, 2, 2.5 or 5 × 10ⁿ, e.g. 0, 1 lakh,
 * 2 lakh, 3 lakh for a maximum of 2.7 lakh.
 */
export function axisTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const steps = Math.ceil(max / step - 1e-9);
  return Array.from({ length: steps + 1 }, (_, i) => i * step);
}

/**
 * The 7-day payout volume as bars: plain elements (a charting library would weigh more than the rest of the
 * home page), a tooltip on hover. Decorative for assistive technology: the page puts the same numbers in a
 * table.
 */
export function VolumeChart({ days }: { days: readonly VolumeDay[] }) {
  const points = days.map((d) => ({
    label: shortDay(d.date),
    /** Rupees as a number: bar heights only; every amount shown as text comes from the decimal string. */
    rupees: Number(toPaise(d.amount) ?? 0n) / 100,
    amount: d.amount,
    count: d.count,
    date: d.date,
  }));
  const ticks = axisTicks(Math.max(0, ...points.map((p) => p.rupees)));
  const top = ticks[ticks.length - 1]!;
  const at = (value: number) => `${(value / top) * 100}%`;
  return (
    <div aria-hidden="true" className="flex h-60 w-full gap-2 pt-2 text-xs text-muted-foreground">
      <div className="relative mb-6 w-16 shrink-0">
        {ticks.map((t) => (
          <span key={t} className="absolute right-0 translate-y-1/2 tabular-nums" style={{ bottom: at(t) }}>
            {compactRupees.format(t)}
          </span>
        ))}
      </div>
      <div className="relative mb-6 flex-1">
        {ticks.map((t) => (
          <div key={t} className="absolute inset-x-0 border-t border-border" style={{ bottom: at(t) }} />
        ))}
        <div className="absolute inset-0 flex items-end gap-[3%] px-[2%]">
          {points.map((p) => (
            <div key={p.date} className="group relative flex h-full flex-1 flex-col justify-end">
              <div className="absolute inset-x-[-8%] inset-y-0 rounded-sm group-hover:bg-muted" />
              <div className="relative rounded-t bg-progress" style={{ height: at(p.rupees) }} />
              <span className="absolute inset-x-0 -bottom-6 text-center whitespace-nowrap">{p.label}</span>
              <div className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-1 hidden -translate-x-1/2 rounded-md border bg-popover px-3 py-2 text-sm whitespace-nowrap text-popover-foreground shadow-md group-hover:block">
                <p className="font-medium">{p.label}</p>
                <p>{formatMoney(p.amount)}</p>
                <p className="text-muted-foreground">
                  {p.count} payout{p.count === 1 ? '' : 's'}
                </p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
