import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Button } from '@/components/ui/button';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover';
import { cx } from '@/lib/cx';
import { formatDay } from '@/lib/format/date';
import { utcDay } from './list-search';
import {
  addDays,
  daysBetween,
  MAX_RANGE_DAYS,
  presetRange,
  RANGE_PRESETS,
  startOfMonth,
  type DateRange,
} from './list-state';

/** The earliest day the calendar offers. */
const EARLIEST = '1900-01-01';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const weekday = (day: string) => new Date(utcDay(day)).getUTCDay();
const clamp = (day: string, max: string) => (day < EARLIEST ? EARLIEST : day > max ? max : day);
const sameRange = (a: DateRange, b: DateRange) => a.start === b.start && a.end === b.end;

/** The same day of the month `months` later, or that month's last day when it is shorter. */
function addMonths(day: string, months: number): string {
  const first = startOfMonth(day, months);
  const length = daysBetween(first, startOfMonth(first, 1));
  return addDays(first, Math.min(Number(day.slice(8, 10)), length) - 1);
}

/** The weeks (Sunday first) of the month starting on `first`; days outside the month are null. */
function monthWeeks(first: string): (string | null)[][] {
  const length = daysBetween(first, startOfMonth(first, 1));
  const cells: (string | null)[] = [
    ...Array.from({ length: weekday(first) }, () => null),
    ...Array.from({ length }, (_, i) => addDays(first, i)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/**
 * The date-range picker's popover (DateRangePicker loads this module when the member first points at, focuses
 * or presses its button): a non-modal dialog next to the picker's button (`trigger`), which stays the
 * picker's own element. As a Radix trigger would be: pressing it while open closes (not a click outside),
 * and closing returns the focus to it unless the member moved on by pointing or focusing elsewhere.
 */
export default function DateRangePopover({
  id,
  trigger,
  open,
  onOpenChange,
  range,
  today,
  pattern,
  onPick,
}: {
  id: string;
  trigger: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  range: DateRange;
  today: string;
  pattern: string;
  onPick: (range: DateRange) => void;
}) {
  const interactedOutside = useRef(false);
  const pointerDownOutside = useRef(false);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={trigger} />
      <PopoverContent
        id={id}
        aria-label="Choose a date range"
        // The calendar focuses its day itself (see RangePanel).
        onOpenAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          const target = event.target;
          if (target instanceof Node && trigger.current?.contains(target)) {
            // The button toggles the popover itself.
            event.preventDefault();
            return;
          }
          // A press outside moves the focus there too: that focus is the same interaction.
          if (event.detail.originalEvent.type === 'focusin' && pointerDownOutside.current) {
            event.preventDefault();
            return;
          }
          interactedOutside.current = true;
          if (event.detail.originalEvent.type === 'pointerdown') pointerDownOutside.current = true;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!interactedOutside.current) trigger.current?.focus();
          interactedOutside.current = false;
          pointerDownOutside.current = false;
        }}
      >
        <RangePanel range={range} today={today} pattern={pattern} onPick={onPick} />
      </PopoverContent>
    </Popover>
  );
}

/** The popover's body; mounted on open, so an unfinished pick starts over next time. */
function RangePanel({
  range,
  today,
  pattern,
  onPick,
}: {
  range: DateRange;
  today: string;
  pattern: string;
  onPick: (range: DateRange) => void;
}) {
  const id = useId();
  const calendar = useRangeCalendar(range, today, onPick);
  const { month, focusDay, setFocusDay, anchor } = calendar;

  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <RangePresets range={range} today={today} onPick={onPick} />

      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Previous month"
            disabled={month <= EARLIEST}
            onClick={() => setFocusDay(clamp(addMonths(focusDay, -1), today))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <h2 id={`${id}-month`} aria-live="polite" className="text-sm font-medium">
            {formatDay(month, 'MMMM yyyy')}
          </h2>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Next month"
            disabled={month >= startOfMonth(today)}
            onClick={() => setFocusDay(clamp(addMonths(focusDay, 1), today))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>

        <MonthGrid labelledBy={`${id}-month`} today={today} calendar={calendar} />

        <p role="status" className="max-w-64 text-xs text-muted-foreground">
          {anchor === undefined
            ? 'Pick the first day, then the last day.'
            : `From ${formatDay(anchor, pattern)}: now pick the last day.`}
        </p>
      </div>
    </div>
  );
}

/**
 * The calendar's state: the first day picked (while the last one is chosen), the day under the pointer, and
 * the day with the grid's tab stop (its month is the month shown), moved by the arrow keys, Home/End and
 * PageUp/PageDown (a year with Shift).
 */
function useRangeCalendar(range: DateRange, today: string, onPick: (range: DateRange) => void) {
  /** The first day picked, while the last one is being chosen. */
  const [anchor, setAnchor] = useState<string | undefined>(undefined);
  const [hover, setHover] = useState<string | undefined>(undefined);
  /** The day with the grid's tab stop; its month is the month shown. */
  const [focusDay, setFocusDay] = useState(() => clamp(range.end, today));
  const grid = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(true); // focus the day on open, then after each keyboard move

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const ordered = (a: string, b: string): DateRange => (a <= b ? { start: a, end: b } : { start: b, end: a });
  const unavailable = (day: string) =>
    day > today ||
    day < EARLIEST ||
    (anchor !== undefined && Math.abs(daysBetween(anchor, day)) >= MAX_RANGE_DAYS);

  const choose = (day: string) => {
    if (unavailable(day)) return;
    if (anchor === undefined) {
      setAnchor(day);
      setHover(undefined);
    } else {
      onPick(ordered(anchor, day));
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const next = keyMove(event, focusDay);
    if (next === null) return;
    event.preventDefault();
    const day = clamp(next, today);
    moveFocus.current = true;
    setFocusDay(day);
    if (anchor !== undefined) setHover(day);
  };

  return {
    anchor,
    setHover,
    focusDay,
    setFocusDay,
    grid,
    month: startOfMonth(focusDay),
    /** The range drawn: the chosen one, or the one being picked. */
    shown: anchor === undefined ? range : ordered(anchor, hover ?? anchor),
    unavailable,
    choose,
    onKeyDown,
  };
}

type RangeCalendar = ReturnType<typeof useRangeCalendar>;

/** The day a calendar key moves the focus to, or null for another key. */
function keyMove(event: KeyboardEvent, focusDay: string): string | null {
  const moves: Record<string, () => string> = {
    ArrowLeft: () => addDays(focusDay, -1),
    ArrowRight: () => addDays(focusDay, 1),
    ArrowUp: () => addDays(focusDay, -7),
    ArrowDown: () => addDays(focusDay, 7),
    Home: () => addDays(focusDay, -weekday(focusDay)),
    End: () => addDays(focusDay, 6 - weekday(focusDay)),
    PageUp: () => addMonths(focusDay, event.shiftKey ? -12 : -1),
    PageDown: () => addMonths(focusDay, event.shiftKey ? 12 : 1),
  };
  return moves[event.key]?.() ?? null;
}

/** The preset ranges (today, the last 7 days…), the current one pressed. */
function RangePresets({
  range,
  today,
  onPick,
}: {
  range: DateRange;
  today: string;
  onPick: (range: DateRange) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Presets"
      className="flex flex-wrap gap-1 sm:w-32 sm:flex-col sm:border-r sm:pr-3"
    >
      {RANGE_PRESETS.map((preset) => {
        const days = presetRange(preset.id, today);
        return (
          <Button
            key={preset.id}
            variant={sameRange(days, range) ? 'secondary' : 'ghost'}
            size="sm"
            aria-pressed={sameRange(days, range)}
            className="justify-start"
            onClick={() => onPick(days)}
          >
            {preset.label}
          </Button>
        );
      })}
    </div>
  );
}

/** The month's grid of days (Sunday first): the range drawn on it, one tab stop, days after today disabled. */
function MonthGrid({
  labelledBy,
  today,
  calendar,
}: {
  labelledBy: string;
  today: string;
  calendar: RangeCalendar;
}) {
  return (
    <table
      ref={calendar.grid}
      role="grid"
      aria-labelledby={labelledBy}
      onKeyDown={calendar.onKeyDown}
      className="border-separate border-spacing-y-0.5 text-sm"
    >
      <thead>
        <tr>
          {WEEKDAYS.map((name) => (
            <th
              key={name}
              scope="col"
              abbr={name}
              className="size-9 text-xs font-normal text-muted-foreground"
            >
              {name.slice(0, 2)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(calendar.month).map((week) => (
          <tr key={week.find((d) => d !== null)}>
            {week.map((day, i) =>
              day === null ? (
                <td key={`blank-${i}`} role="gridcell" />
              ) : (
                <DayCell key={day} day={day} today={today} calendar={calendar} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One day: in the range drawn or not, an edge of it, today, or unavailable. */
function DayCell({ day, today, calendar }: { day: string; today: string; calendar: RangeCalendar }) {
  const { shown, anchor } = calendar;
  const inRange = day >= shown.start && day <= shown.end;
  const edge = day === shown.start || day === shown.end;
  const disabled = calendar.unavailable(day);
  return (
    <td
      role="gridcell"
      aria-selected={inRange}
      className={cx(
        'p-0',
        inRange && 'bg-accent',
        day === shown.start && 'rounded-l-md',
        day === shown.end && 'rounded-r-md',
      )}
    >
      <button
        type="button"
        data-day={day}
        tabIndex={day === calendar.focusDay ? 0 : -1}
        aria-label={formatDay(day, 'EEEE, MMMM d, yyyy')}
        aria-current={day === today ? 'date' : undefined}
        aria-disabled={disabled || undefined}
        onClick={() => calendar.choose(day)}
        onFocus={() => calendar.setFocusDay(day)}
        onMouseEnter={() => anchor !== undefined && !disabled && calendar.setHover(day)}
        className={cx(
          'size-9 rounded-md tabular-nums outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
          edge
            ? 'bg-primary text-primary-foreground'
            : !disabled && 'hover:bg-accent hover:text-accent-foreground',
          day === today && !edge && 'font-semibold underline underline-offset-4',
          disabled && 'cursor-not-allowed text-muted-foreground opacity-50',
        )}
      >
        {Number(day.slice(8, 10))}
      </button>
    </td>
  );
}
