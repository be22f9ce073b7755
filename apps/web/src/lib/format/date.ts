import { format } from 'date-fns';
import { tz } from '@date-fns/tz';

/** The two date display formats; the first is the default. */
export const DATE_FORMATS = ['MMM dd, yyyy HH:mm', 'yyyy-MM-dd HH:mm:ss'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = DATE_FORMATS[0];
/** The date part of each display format, for calendar days (date-range filters): "MMM dd, yyyy", "yyyy-MM-dd". */
export const DAY_FORMATS: Record<DateFormat, string> = {
  'MMM dd, yyyy HH:mm': 'MMM dd, yyyy',
  'yyyy-MM-dd HH:mm:ss': 'yyyy-MM-dd',
};
/** times display in the user's time zone, Asia/Kolkata unless chosen otherwise. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Formats an instant (ISO 8601 string, epoch ms or Date) as wall-clock time in `timeZone`.
 * Anything that is not a valid date renders as '-'; an unknown time zone falls back to the default.
 */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
  pattern: string = DEFAULT_DATE_FORMAT,
): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  try {
    return format(date, pattern, { in: tz(zone) });
  } catch {
    return '-';
  }
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Formats a calendar day written YYYY-MM-DD (a date-range bound, already a day in the user's time zone, so no
 * zone applies) as the date part of a display format: "Mar 04, 2026" by default. Anything that is not a real
 * calendar day renders as '-'.
 */
export function formatDay(day: string, pattern: string = DAY_FORMATS[DEFAULT_DATE_FORMAT]): string {
  const match = ISO_DAY.exec(day);
  if (!match) return '-';
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Local midnight of that day: format() reads local fields, so the day cannot shift.
  const local = new Date(year, month - 1, date);
  local.setFullYear(year); // years 0–99 would otherwise be read as 1900–1999
  if (local.getFullYear() !== year || local.getMonth() !== month - 1 || local.getDate() !== date) return '-';
  try {
    return format(local, pattern);
  } catch {
    return '-';
  }
}
