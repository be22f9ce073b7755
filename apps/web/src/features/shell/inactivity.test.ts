import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_EVENTS,
  INACTIVITY_LIMIT_MS,
  LOGOUT_REDIRECT_DELAY_MS,
  MOUSEMOVE_DEBOUNCE_MS,
  startInactivityTimer,
  type InactivityTimer,
} from './inactivity';

const MINUTE = 60_000;
let timer: InactivityTimer | undefined;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  timer?.stop();
  vi.useRealTimers();
});

const fire = (type: string) => window.dispatchEvent(new Event(type));

describe('inactivity timer', () => {
  it('uses the auto-logout constants: 30 minutes, 1 s mouse-move debounce, 3 s redirect delay', () => {
    expect(INACTIVITY_LIMIT_MS).toBe(30 * MINUTE);
    expect(MOUSEMOVE_DEBOUNCE_MS).toBe(1000);
    expect(LOGOUT_REDIRECT_DELAY_MS).toBe(3000);
    expect([...ACTIVITY_EVENTS].sort()).toEqual([
      'click',
      'keydown',
      'keypress',
      'mousedown',
      'scroll',
      'touchstart',
      'wheel',
    ]);
  });

  it('times out once after 30 minutes without activity', () => {
    const onTimeout = vi.fn();
    timer = startInactivityTimer({ onTimeout });
    vi.advanceTimersByTime(30 * MINUTE - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it.each(ACTIVITY_EVENTS)('restarts the countdown on %s', (type) => {
    const onTimeout = vi.fn();
    timer = startInactivityTimer({ onTimeout });
    vi.advanceTimersByTime(29 * MINUTE);
    fire(type);
    vi.advanceTimersByTime(29 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('counts a scroll inside an element (capture phase)', () => {
    const onTimeout = vi.fn();
    timer = startInactivityTimer({ onTimeout });
    const div = document.createElement('div');
    document.body.append(div);
    vi.advanceTimersByTime(29 * MINUTE);
    div.dispatchEvent(new Event('scroll')); // scroll does not bubble
    vi.advanceTimersByTime(29 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    div.remove();
  });

  it('debounces mouse moves by 1 s', () => {
    const onTimeout = vi.fn();
    timer = startInactivityTimer({ onTimeout });
    vi.advanceTimersByTime(29 * MINUTE);
    fire('mousemove');
    vi.advanceTimersByTime(500);
    fire('mousemove'); // restarts the debounce; activity registers 1 s after the last move
    vi.advanceTimersByTime(999); // 29:01.499, still inside the first countdown
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1); // the debounce fires: the countdown restarts at 29:01.5
    vi.advanceTimersByTime(30 * MINUTE - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('a mouse move right before the limit does not save the session without its 1 s pause', () => {
    const onTimeout = vi.fn();
    timer = startInactivityTimer({ onTimeout });
    vi.advanceTimersByTime(30 * MINUTE - 500);
    fire('mousemove');
    vi.advanceTimersByTime(500);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('stop() removes the listeners and the countdown', () => {
    const onTimeout = vi.fn();
    const target = new EventTarget() as unknown as Window;
    const add = vi.spyOn(target, 'addEventListener');
    const remove = vi.spyOn(target, 'removeEventListener');
    timer = startInactivityTimer({ onTimeout, target });
    expect(add).toHaveBeenCalledTimes(ACTIVITY_EVENTS.length + 1);
    timer.stop();
    expect(remove).toHaveBeenCalledTimes(ACTIVITY_EVENTS.length + 1);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('honours custom limits', () => {
    const onTimeout = vi.fn();
    timer = startInactivityTimer({ onTimeout, limitMs: 1000, debounceMs: 100 });
    vi.advanceTimersByTime(1000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
