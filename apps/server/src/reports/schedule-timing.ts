import type { ReportFrequency } from '@meridian/contract/reports';
import { dayIn, startOfDay } from '../lists/list-query.ts';

/** The part of a schedule that decides when it runs and which days a run covers. */
export interface ScheduleTiming {
  frequency: ReportFrequency;
  /** HH:mm in `timeZone`. */
  timeOfDay: string;
  /** WEEKLY: 1 (Monday) to 7 (Sunday). */
  dayOfWeek: number | null;
  /** MONTHLY: 1 to 28. */
  dayOfMonth: number | null;
  timeZone: string;
}

const DAY_MS = 86_400_000;

/** Calendar arithmetic on YYYY-MM-DD strings (no zone involved). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 (Monday) to 7 (Sunday). */
function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Minutes past midnight of the wall clock in `timeZone` at `instant`. */
function wallMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * The instant of `timeOfDay` on `date` in `timeZone`, DST-safe: from the zone's start of that day
 * (`startOfDay`) plus the minutes, corrected by the wall clock actually shown then (a time skipped by a
 * spring-forward change runs at the first instant after it).
 */
function instantOn(date: string, timeOfDay: string, timeZone: string): Date {
  const [h, min] = timeOfDay.split(':').map(Number) as [number, number];
  const wanted = h * 60 + min;
  let instant = startOfDay(date, timeZone).getTime() + wanted * 60_000;
  const shown = wallMinutes(instant, timeZone);
  if (shown !== wanted) {
    const corrected = instant + (wanted - shown) * 60_000;
    if (wallMinutes(corrected, timeZone) === wanted) instant = corrected;
  }
  return new Date(instant);
}

/** Whether a run of the schedule is due on `date` (the calendar day in its zone). */
function runsOn(timing: ScheduleTiming, date: string): boolean {
  if (timing.frequency === 'DAILY') return true;
  if (timing.frequency === 'WEEKLY') return weekday(date) === timing.dayOfWeek;
  return Number(date.slice(8, 10)) === timing.dayOfMonth;
}

/** The first run strictly after `after`. */
export function nextRunAfter(timing: ScheduleTiming, after: Date): Date {
  let date = dayIn(timing.timeZone, 0, after.getTime());
  for (let i = 0; i < 400; i += 1, date = addDays(date, 1)) {
    if (!runsOn(timing, date)) continue;
    const at = instantOn(date, timing.timeOfDay, timing.timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error('no run of the schedule within 400 days');
}

/**
 * The whole days (in the schedule's zone) a run at `runAt` covers: DAILY yesterday, WEEKLY the 7 days before,
 * MONTHLY the previous calendar month.
 */
export function runRange(timing: ScheduleTiming, runAt: Date): { start_date: string; end_date: string } {
  const today = dayIn(timing.timeZone, 0, runAt.getTime());
  const yesterday = addDays(today, -1);
  if (timing.frequency === 'DAILY') return { start_date: yesterday, end_date: yesterday };
  if (timing.frequency === 'WEEKLY') return { start_date: addDays(today, -7), end_date: yesterday };
  const firstOfThisMonth = `${today.slice(0, 8)}01`;
  const lastOfPrevious = addDays(firstOfThisMonth, -1);
  return { start_date: `${lastOfPrevious.slice(0, 8)}01`, end_date: lastOfPrevious };
}
