import { describe, expect, it } from 'vitest';
import { nextRunAfter, runRange, type ScheduleTiming } from './schedule-timing.ts';

const timing = (t: Partial<ScheduleTiming>): ScheduleTiming => ({
  frequency: 'DAILY',
  timeOfDay: '08:00',
  dayOfWeek: null,
  dayOfMonth: null,
  timeZone: 'Asia/Kolkata',
  ...t,
});

describe('report schedule timing', () => {
  it('a monthly schedule advances across a month end and covers the previous calendar month', () => {
    const t = timing({ frequency: 'MONTHLY', dayOfMonth: 1 });
    const first = nextRunAfter(t, new Date('2026-01-31T10:00:00Z'));
    expect(first.toISOString()).toBe('2026-02-01T02:30:00.000Z');
    expect(runRange(t, first)).toEqual({ start_date: '2026-01-01', end_date: '2026-01-31' });
    const second = nextRunAfter(t, first);
    expect(second.toISOString()).toBe('2026-03-01T02:30:00.000Z');
    expect(runRange(t, second)).toEqual({ start_date: '2026-02-01', end_date: '2026-02-28' });
  });

  it('a daily schedule keeps its wall-clock time across a DST change', () => {
    const t = timing({ timeZone: 'America/New_York', timeOfDay: '09:00' });
    expect(nextRunAfter(t, new Date('2026-03-07T15:00:00Z')).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(nextRunAfter(t, new Date('2026-03-06T15:00:00Z')).toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(runRange(t, new Date('2026-03-08T13:00:00Z'))).toEqual({
      start_date: '2026-03-07',
      end_date: '2026-03-07',
    });
  });

  it('a weekly schedule runs on its weekday and covers the 7 days before', () => {
    const t = timing({ frequency: 'WEEKLY', dayOfWeek: 1, timeZone: 'Europe/London', timeOfDay: '09:00' });
    const run = nextRunAfter(t, new Date('2026-11-25T00:00:00Z'));
    expect(run.toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(runRange(t, run)).toEqual({ start_date: '2026-11-23', end_date: '2026-11-29' });
  });
});
