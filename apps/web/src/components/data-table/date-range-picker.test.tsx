import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateRangePicker } from './date-range-picker';
import type { DateRange } from './list-state';

const TODAY = '2026-03-10';
const LAST_7_DAYS = { start: '2026-03-04', end: TODAY };

function renderPicker(range: DateRange = LAST_7_DAYS) {
  const onChange = vi.fn<(range: DateRange) => void>();
  render(<DateRangePicker range={range} today={TODAY} onChange={onChange} />);
  return { onChange, trigger: screen.getByRole('button', { name: /^Date range/ }) };
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('DateRangePicker', () => {
  it('shows the range in the display format of Settings → Display', () => {
    const { trigger } = renderPicker();
    expect(trigger).toHaveProperty('textContent', 'Mar 04, 2026 – Mar 10, 2026');
    expect(trigger.getAttribute('aria-labelledby')).toBeTruthy();
    cleanup();

    localStorage.setItem('staging_date_format', 'yyyy-MM-dd HH:mm:ss');
    expect(renderPicker({ start: TODAY, end: TODAY }).trigger.textContent).toBe('2026-03-10');
  });

  it('picks a range with the keyboard: focus starts on the last day, Page Up goes back a month', async () => {
    const user = userEvent.setup();
    const { onChange, trigger } = renderPicker();
    await user.click(trigger);
    // The popover's code loads on the first press: it opens when it has arrived.
    const dialog = await screen.findByRole('dialog', { name: 'Choose a date range' });
    expect(within(dialog).getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const grid = within(dialog).getByRole('grid', { name: 'March 2026' });
    expect(document.activeElement).toBe(
      within(grid).getByRole('button', { name: 'Tuesday, March 10, 2026' }),
    );
    expect(
      within(grid)
        .getAllByRole('gridcell', { selected: true })
        .map((cell) => cell.textContent),
    ).toEqual(['4', '5', '6', '7', '8', '9', '10']);

    await user.keyboard('{PageUp}');
    expect(within(dialog).getByRole('grid', { name: 'February 2026' })).toBeTruthy();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Tuesday, February 10, 2026');
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('status').textContent).toBe('From Feb 10, 2026: now pick the last day.');
    await user.keyboard('{ArrowDown}{ArrowRight}{Enter}');

    expect(onChange).toHaveBeenCalledExactlyOnceWith({ start: '2026-02-10', end: '2026-02-18' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('offers no day after today and orders the two days picked', async () => {
    const user = userEvent.setup();
    const { onChange, trigger } = renderPicker();
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
    await user.keyboard('{ArrowRight}'); // today is the last day the keyboard reaches
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Tuesday, March 10, 2026');

    const future = within(dialog).getByRole('button', { name: 'Wednesday, March 11, 2026' });
    expect(future.getAttribute('aria-disabled')).toBe('true');
    await user.click(future);
    expect(within(dialog).getByRole('status').textContent).toBe('Pick the first day, then the last day.');

    await user.click(within(dialog).getByRole('button', { name: 'Sunday, March 8, 2026' }));
    await user.click(within(dialog).getByRole('button', { name: 'Monday, March 2, 2026' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ start: '2026-03-02', end: '2026-03-08' });
  });

  it('applies a preset at once and closes', async () => {
    const user = userEvent.setup();
    const { onChange, trigger } = renderPicker();
    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Last month' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ start: '2026-02-01', end: '2026-02-28' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('its button opens and closes the popover as a dialog trigger; Escape closes and returns the focus', async () => {
    const user = userEvent.setup();
    const { onChange, trigger } = renderPicker();
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Choose a date range' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(dialog.id);
    await user.click(trigger);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(onChange).not.toHaveBeenCalled();
  });
});
