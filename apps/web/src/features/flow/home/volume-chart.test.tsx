import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axisTicks, VolumeChart } from './volume-chart';

describe('axisTicks', () => {
  it('climbs in round steps from 0 to at least the maximum', () => {
    expect(axisTicks(270_000)).toEqual([0, 100_000, 200_000, 300_000]);
    expect(axisTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(axisTicks(101)).toEqual([0, 50, 100, 150]);
    expect(axisTicks(9)).toEqual([0, 2.5, 5, 7.5, 10]);
  });

  it('has a scale without any volume', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
  });
});

describe('VolumeChart', () => {
  it('draws one bar per day, as high as its amount on the axis, labelled by day', () => {
    const { container } = render(
      <VolumeChart
        days={[
          { date: '2026-11-16', count: 2, amount: '1000.00' },
          { date: '2026-11-17', count: 1, amount: '500.00' },
          { date: '2026-11-18', count: 0, amount: '0.00' },
        ]}
      />,
    );
    const bars = [...container.querySelectorAll<HTMLElement>('.bg-progress')];
    expect(bars.map((b) => b.style.height)).toEqual(['100%', '50%', '0%']);
    expect(container.textContent).toContain('Mon 16');
    expect(container.textContent).toContain('₹1,000.00');
    expect(container.textContent).toContain('2 payouts');
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
