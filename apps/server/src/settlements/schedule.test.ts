import { describe, expect, it } from 'vitest';
import { manualWindow, nextRunAt, normaliseRunTimes, scheduledWindow } from './schedule.ts';

const IST = 'Asia/Kolkata';
const t1 = { type: 'T1', runTimes: ['10:00'], timeZone: IST, enabled: true };
const t0 = { type: 'T0', runTimes: ['17:00', '13:00'], timeZone: IST, enabled: true };

describe('settlement schedule', () => {
  it('sorts and de-duplicates run times', () => {
    expect(normaliseRunTimes(['17:00', '09:30', '17:00'])).toEqual(['09:30', '17:00']);
  });

  it('finds the next run time in the cycle time zone', () => {
    // 2026-03-10 08:00 IST = 02:30Z
    expect(nextRunAt(t1, new Date('2026-03-10T02:30:00Z'))!.toISOString()).toBe('2026-03-10T04:30:00.000Z');
    // exactly at 10:00 IST: the next is tomorrow
    expect(nextRunAt(t1, new Date('2026-03-10T04:30:00Z'))!.toISOString()).toBe('2026-03-11T04:30:00.000Z');
    expect(nextRunAt(t0, new Date('2026-03-10T08:00:00Z'))!.toISOString()).toBe('2026-03-10T11:30:00.000Z');
    expect(nextRunAt(t0, new Date('2026-03-10T12:00:00Z'))!.toISOString()).toBe('2026-03-11T07:30:00.000Z');
    expect(nextRunAt({ ...t1, enabled: false }, new Date())).toBeNull();
    // T1 uses the first run time only
    expect(
      nextRunAt({ ...t1, runTimes: ['18:00', '09:00'] }, new Date('2026-03-10T04:30:00Z'))!.toISOString(),
    ).toBe('2026-03-11T03:30:00.000Z');
  });

  it('computes the windows', () => {
    const w1 = scheduledWindow(t1, new Date('2026-03-10T04:30:00Z'));
    expect([w1.start.toISOString(), w1.end.toISOString()]).toEqual([
      '2026-03-08T18:30:00.000Z',
      '2026-03-09T18:30:00.000Z',
    ]);
    const first = scheduledWindow(t0, new Date('2026-03-10T07:30:00Z'));
    expect(first.start.toISOString()).toBe('2026-03-09T18:30:00.000Z');
    const second = scheduledWindow(t0, new Date('2026-03-10T11:30:00Z'));
    expect([second.start.toISOString(), second.end.toISOString()]).toEqual([
      '2026-03-10T07:30:00.000Z',
      '2026-03-10T11:30:00.000Z',
    ]);
    const m = manualWindow(IST, new Date('2026-03-10T11:31:42.500Z'), null);
    expect([m.start.toISOString(), m.end.toISOString()]).toEqual([
      '2026-03-09T18:30:00.000Z',
      '2026-03-10T11:31:00.000Z',
    ]);
    expect(
      manualWindow(
        IST,
        new Date('2026-03-10T11:31:42Z'),
        new Date('2026-03-10T07:30:00Z'),
      ).start.toISOString(),
    ).toBe('2026-03-10T07:30:00.000Z');
  });
});
