import { useEffect, useId } from 'react';
import { TEST_MODE_BAND } from '@meridian/contract/modes';
import { useCompanyModes } from '@/lib/api/company-modes';
import { cx } from '@/lib/cx';
import { setMode, useMode } from '@/lib/mode';

/** The band's height: the shell's sticky header and sidebar sit below it (`--mode-band`). */
export const TEST_MODE_BAND_HEIGHT = '1.75rem';

/**
 * The band across the top of every screen in test mode, in the one colour nothing else uses (`--test-mode` in
 * styles.css): the member always sees that no real money moves. A landmark of its own, so that a screen reader's
 * list of regions names it too.
 */
export function TestModeBand() {
  return (
    <div
      role="region"
      aria-label="Test mode"
      data-testid="test-mode-band"
      style={{ height: TEST_MODE_BAND_HEIGHT }}
      className="sticky top-0 z-40 flex items-center justify-center bg-test-mode px-4 text-center text-sm font-semibold text-test-mode-foreground"
    >
      {TEST_MODE_BAND}
    </div>
  );
}

/**
 * The header's "Test mode" switch (a button with role switch, without Radix: it is on every screen's first
 * paint). Hidden until the company's modes say it has a test mode, and for a company without one; a tab left
 * in test mode there goes back to live.
 */
export function TestModeSwitch() {
  const id = useId();
  const mode = useMode();
  const modes = useCompanyModes();
  const unavailable = modes?.test_mode_available === false;
  useEffect(() => {
    if (unavailable && mode === 'test') setMode('live');
  }, [unavailable, mode]);
  if (!modes?.test_mode_available) return null;
  const on = mode === 'test';
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        onClick={() => setMode(on ? 'live' : 'test')}
        className={cx(
          'inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent shadow-xs transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
          on ? 'bg-primary' : 'bg-input',
        )}
      >
        <span
          aria-hidden
          className={cx(
            'pointer-events-none block size-4 rounded-full bg-background transition-transform',
            on ? 'translate-x-[calc(100%-2px)]' : 'translate-x-0.5',
          )}
        />
      </button>
      <label id={`${id}-label`} htmlFor={id} className="text-sm whitespace-nowrap select-none">
        Test mode
      </label>
    </div>
  );
}
