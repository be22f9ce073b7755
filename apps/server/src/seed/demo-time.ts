import { DEFAULT_TIME_ZONE, dayIn, startOfDay } from '../lists/list-query.ts';

/**
 * A demo record's time: `ago` ms before `now`, but never before the lists' default range begins (the first
 * instant of today − 6 in the default time zone), so every default list shows the whole demo whatever the hour
 * the seed ran at (at 06:00 IST, "6 days and 9 hours ago" is already outside the range). Records the floor
 * catches keep their order by `rank` (seconds after it).
 */
export function demoAgo(now: number, ago: number, rank = 0): Date {
  const floor = startOfDay(dayIn(DEFAULT_TIME_ZONE, -6, now), DEFAULT_TIME_ZONE).getTime();
  return new Date(Math.max(now - ago, floor + 60_000 + rank * 1000));
}
