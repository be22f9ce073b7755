import { lazy, Suspense, useId, useRef, useState } from 'react';
import CalendarIcon from 'lucide-react/icons/calendar';
import { Button } from '@/components/ui/button';
import { DAY_FORMATS, formatDay } from '@/lib/format/date';
import { dateFormatPreference } from '@/lib/preferences/display';
import type { DateRange } from './list-state';

/**
 * The popover's code (the calendar, Radix's popover and its positioning engine: ~13 KB as sent) is not part of
 * a list's first view: it loads when the member first points at, focuses or presses the button.
 */
const loadPopover = () => import('./date-range-popover');
const DateRangePopover = lazy(loadPopover);

const sameRange = (a: DateRange, b: DateRange) => a.start === b.start && a.end === b.end;

/** "Mar 04, 2026 – Mar 10, 2026" (one date for a single day), in the user's display format. */
function rangeLabel({ start, end }: DateRange, pattern: string): string {
  return start === end
    ? formatDay(start, pattern)
    : `${formatDay(start, pattern)} – ${formatDay(end, pattern)}`;
}

/**
 * The date-range filter: a button showing the range the way the app shows dates, opening presets (Today,
 * Yesterday, Last 7 days, This month, Last month) and a month calendar where the first and the last day are
 * picked. Days after `today` (in the user's time zone) cannot be picked. The calendar is a keyboard grid:
 * arrows move by day and week, Home/End to the week's ends, Page Up/Down by month (with Shift by year).
 * Pressed before the popover's code has arrived, it opens as soon as it does.
 */
export function DateRangePicker({
  range,
  today,
  onChange,
}: {
  range: DateRange;
  today: string;
  onChange: (range: DateRange) => void;
}) {
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const pattern = DAY_FORMATS[dateFormatPreference.use()];
  const pick = (next: DateRange) => {
    setOpen(false);
    if (!sameRange(next, range)) onChange(next);
  };
  const preload = () => void loadPopover();
  return (
    <div className="grid gap-1.5">
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        Date range
      </span>
      <Button
        ref={trigger}
        variant="outline"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-popover` : undefined}
        data-state={open ? 'open' : 'closed'}
        className="justify-start font-normal tabular-nums"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen((o) => !o);
        }}
      >
        <CalendarIcon aria-hidden className="text-muted-foreground" />
        <span id={`${id}-value`}>{rangeLabel(range, pattern)}</span>
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <DateRangePopover
            id={`${id}-popover`}
            trigger={trigger}
            open={open}
            onOpenChange={setOpen}
            range={range}
            today={today}
            pattern={pattern}
            onPick={pick}
          />
        </Suspense>
      )}
    </div>
  );
}
