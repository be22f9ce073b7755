import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatDateTime, isValidTimeZone } from './date';

describe('formatDateTime', () => {
  const iso = '2025-09-03T10:15:30.000Z';

  it('defaults to Asia/Kolkata and "MMM dd, yyyy HH:mm"', () => {
    expect(formatDateTime(iso)).toBe('Sep 03, 2025 15:45');
  });

  it('formats in the given time zone with either spec pattern', () => {
    expect(formatDateTime(iso, 'UTC', DATE_FORMATS[1])).toBe('2025-09-03 10:15:30');
    expect(formatDateTime(iso, 'America/New_York', DATE_FORMATS[1])).toBe('2025-09-03 06:15:30');
    expect(formatDateTime(iso, 'Asia/Kolkata', DATE_FORMATS[0])).toBe('Sep 03, 2025 15:45');
  });

  it('crosses the date line by zone', () => {
    expect(formatDateTime('2025-12-31T20:00:00Z', 'Asia/Kolkata', DATE_FORMATS[1])).toBe(
      '2026-01-01 01:30:00',
    );
  });

  it('accepts Date and epoch milliseconds', () => {
    expect(formatDateTime(new Date(iso), 'UTC', DATE_FORMATS[1])).toBe('2025-09-03 10:15:30');
    expect(formatDateTime(Date.parse(iso), 'UTC', DATE_FORMATS[1])).toBe('2025-09-03 10:15:30');
  });

  it.each([null, undefined, '', 'not a date', '2025-13-45', Number.NaN, new Date('x')])(
    'renders %s as "-"',
    (v) => {
      expect(formatDateTime(v)).toBe('-');
    },
  );

  it('falls back to the default zone for an unknown time zone', () => {
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(formatDateTime(iso, 'Mars/Olympus')).toBe('Sep 03, 2025 15:45');
  });
});
