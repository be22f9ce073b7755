/** The auto-logout constants, in one place. */
export const INACTIVITY_LIMIT_MS = 30 * 60 * 1000;
/** Mouse moves count as activity once they pause for this long (debounced). */
export const MOUSEMOVE_DEBOUNCE_MS = 1000;
/** How long the "Session Expired" modal shows before going to /sign-in. */
export const LOGOUT_REDIRECT_DELAY_MS = 3000;
/** Events that count as activity immediately; mousemove is handled separately (debounced). */
export const ACTIVITY_EVENTS = [
  'mousedown',
  'keypress',
  'keydown',
  'scroll',
  'touchstart',
  'click',
  'wheel',
] as const;

export interface InactivityTimerOptions {
  onTimeout: () => void;
  limitMs?: number;
  debounceMs?: number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface InactivityTimer {
  /** Counts as activity: restarts the countdown (no effect once it has fired or been stopped). */
  reset(): void;
  /** Removes the listeners and timers. */
  stop(): void;
}

/**
 * Calls `onTimeout` once, after `limitMs` without activity. Activity is any of ACTIVITY_EVENTS, or a mouse
 * move followed by `debounceMs` without further moves. Listens in the capture phase so that scrolls inside
 * any element count too.
 */
export function startInactivityTimer({
  onTimeout,
  limitMs = INACTIVITY_LIMIT_MS,
  debounceMs = MOUSEMOVE_DEBOUNCE_MS,
  target = window,
}: InactivityTimerOptions): InactivityTimer {
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let moveTimer: ReturnType<typeof setTimeout> | undefined;
  let active = true;
  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };

  const stop = () => {
    active = false;
    clearTimeout(idleTimer);
    clearTimeout(moveTimer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, reset, listenerOptions);
    target.removeEventListener('mousemove', onMouseMove, listenerOptions);
  };
  function reset() {
    if (!active) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      stop();
      onTimeout();
    }, limitMs);
  }
  function onMouseMove() {
    clearTimeout(moveTimer);
    moveTimer = setTimeout(reset, debounceMs);
  }

  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, reset, listenerOptions);
  target.addEventListener('mousemove', onMouseMove, listenerOptions);
  reset();
  return { reset, stop };
}
