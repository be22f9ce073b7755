import { describe, expect, it } from 'vitest';
import { addRunTime, MAX_RUN_TIMES, normalizeRunTime, removeRunTime } from './run-times';

describe('run times', () => {
  it('normalizes loosely typed times', () => {
    expect(normalizeRunTime(' 9:30 ')).toBe('09:30');
    expect(normalizeRunTime('930')).toBe('09:30');
    expect(normalizeRunTime('18:00')).toBe('18:00');
    expect(normalizeRunTime('noon')).toBe('noon');
  });

  it('adds in day order, once, and refuses invalid times', () => {
    expect(addRunTime(['18:00'], '09:30')).toEqual(['09:30', '18:00']);
    expect(addRunTime(['09:30'], '9:30')).toEqual(['09:30']);
    expect(addRunTime([], '24:00')).toBeNull();
    expect(addRunTime([], '12:60')).toBeNull();
    expect(addRunTime([], '')).toBeNull();
  });

  it('refuses more than six a day', () => {
    const six = ['01:00', '02:00', '03:00', '04:00', '05:00', '06:00'];
    expect(six).toHaveLength(MAX_RUN_TIMES);
    expect(addRunTime(six, '07:00')).toBeNull();
    expect(addRunTime(six, '06:00')).toEqual(six);
  });

  it('removes a time', () => {
    expect(removeRunTime(['09:30', '18:00'], '09:30')).toEqual(['18:00']);
    expect(removeRunTime(['09:30'], '10:00')).toEqual(['09:30']);
  });
});
