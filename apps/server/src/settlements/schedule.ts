import { dayIn, startOfDay } from '../lists/list-query.ts';

/**
 * When settlement cycles run and which collections a run sweeps. Run times are HH:mm in the cycle's time zone:
 * a T0 cycle runs at each of them, a T1 cycle at the first. Pure functions of the cycle and an instant.
 */
export type CycleTimes = { type: string; runTimes: string[]; timeZone: string; enabled: boolean };

const MINUTE = 60_000;

/** Sorted, without duplicates. */
export const normaliseRunTimes = (times: string[]): string[] => [...new Set(times)].sort();

/** The run times a cycle of this type uses in a day. */
const slotsOf = (c: Pick<CycleTimes, 'type' | 'runTimes'>): string[] => {
  const sorted = normaliseRunTimes(c.runTimes);
  return c.type === 'T1' ? sorted.slice(0, 1) : sorted;
};

/** The instant of `hhmm` on `day` (YYYY-MM-DD) in `timeZone`. */
function slotAt(day: string, hhmm: string, timeZone: string): Date {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(startOfDay(day, timeZone).getTime() + (h * 60 + m) * MINUTE);
}

/** The cycle's first run time strictly after `after`; null when it is disabled. */
export function nextRunAt(c: CycleTimes, after: Date): Date | null {
  if (!c.enabled) return null;
  const slots = slotsOf(c);
  for (let d = -1; d <= 2; d++) {
    const day = dayIn(c.timeZone, d, after.getTime());
    for (const t of slots) {
      const at = slotAt(day, t, c.timeZone);
      if (at.getTime() > after.getTime()) return at;
    }
  }
  return null;
}

export type Window = { start: Date; end: Date };

/**
 * The window of a scheduled run at `slot`: T1 → the previous day, [start of yesterday, start of today); T0 → since
 * the previous run time of the day (or the start of the day) up to this run time.
 */
export function scheduledWindow(c: Pick<CycleTimes, 'type' | 'runTimes' | 'timeZone'>, slot: Date): Window {
  const today = dayIn(c.timeZone, 0, slot.getTime());
  const startOfToday = startOfDay(today, c.timeZone);
  if (c.type === 'T1')
    return { start: startOfDay(dayIn(c.timeZone, -1, slot.getTime()), c.timeZone), end: startOfToday };
  const earlier = slotsOf(c)
    .map((t) => slotAt(today, t, c.timeZone))
    .filter((at) => at.getTime() < slot.getTime());
  return { start: earlier.at(-1) ?? startOfToday, end: slot };
}

/**
 * The window of a run invoked now: up to now (to the minute), from where the cycle's last window ended (or the
 * start of today).
 */
export function manualWindow(timeZone: string, now: Date, lastWindowEnd: Date | null): Window {
  const end = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE);
  const start = lastWindowEnd ?? startOfDay(dayIn(timeZone, 0, now.getTime()), timeZone);
  return { start: start.getTime() > end.getTime() ? end : start, end };
}
