import { describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS, retryDelayMs } from './delivery.ts';

describe('callback retry schedule', () => {
  it('backs off exponentially with jitter and spans about three days', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(5_000);
    expect(retryDelayMs(2, () => 0.5)).toBe(15_000);
    expect(retryDelayMs(20, () => 0.5)).toBe(12 * 3600_000);
    expect(retryDelayMs(1, () => 0)).toBe(4_000);
    expect(retryDelayMs(1, () => 1)).toBe(6_000);
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + retryDelayMs(attempts, () => 0.5) <= GIVE_UP_AFTER_MS)
      elapsed += retryDelayMs(attempts++, () => 0.5);
    expect(attempts).toBeGreaterThanOrEqual(12);
    expect(attempts).toBeLessThanOrEqual(16);
    expect(elapsed).toBeGreaterThan(60 * 3600_000);
  });
});
