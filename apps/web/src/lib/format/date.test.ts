import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, DAY_FORMATS, formatDateTime, formatDay, isValidTimeZone } from './date';

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

describe('formatDay', () => {
  it('shows a YYYY-MM-DD day as the date part of each display format, with no time zone shift', () => {
    expect(formatDay('2026-11-17')).toBe('Nov 17, 2026');
    expect(formatDay('2026-03-04', DAY_FORMATS['MMM dd, yyyy HH:mm'])).toBe('Mar 04, 2026');
    expect(formatDay('2026-03-04', DAY_FORMATS['yyyy-MM-dd HH:mm:ss'])).toBe('2026-03-04');
    expect(formatDay('2024-02-29')).toBe('Feb 29, 2024');
  });

  it.each(['', '2026-02-30', '2026-13-01', 'Nov 17, 2026', '2026-3-4'])('renders %j as "-"', (v) => {
    expect(formatDay(v)).toBe('-');
  });
});
