import { format } from 'date-fns';
import { tz } from '@date-fns/tz';

/** Spec §9: the two date display formats; the first is the default. */
export const DATE_FORMATS = ['MMM dd, yyyy HH:mm', 'yyyy-MM-dd HH:mm:ss'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = DATE_FORMATS[0];
/** GUIDE §3: times display in the user's time zone, Asia/Kolkata unless chosen otherwise. */
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
 * Anything that is not a valid date renders as '-' (spec §8); an unknown time zone falls back to the default.
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
