import { describe, expect, it } from 'vitest';
import { dayIn, startOfDay } from '../lists/list-query.ts';
import { demoAgo } from './demo-time.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const rangeStart = (now: number) => startOfDay(dayIn('Asia/Kolkata', -6, now), 'Asia/Kolkata').getTime();

describe('demoAgo', () => {
  it('keeps a record from six days and nine hours ago inside the default range early in the morning', () => {
    const now = Date.parse('2026-11-26T06:00:00+05:30');
    const at = demoAgo(now, 6 * DAY + 9 * HOUR).getTime();
    expect(at).toBeGreaterThanOrEqual(rangeStart(now));
    expect(new Date(at).toISOString()).toBe('2026-11-19T18:31:00.000Z'); // 2026-11-20 00:01 IST
  });

  it('keeps the order of records the floor catches, by rank', () => {
    const now = Date.parse('2026-11-26T02:00:00+05:30');
    const times = [0, 1, 2].map((i) => demoAgo(now, 6 * DAY + (9 - i) * HOUR, i).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(3);
  });

  it('leaves a time inside the range as it is', () => {
    const now = Date.parse('2026-11-26T20:00:00+05:30');
    expect(demoAgo(now, 6 * DAY + 9 * HOUR).getTime()).toBe(now - 6 * DAY - 9 * HOUR);
  });
});
