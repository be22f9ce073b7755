import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

/**
 * The frame of a wide table that scrolls sideways on a narrow screen: a named region that takes the keyboard
 * focus, so that a keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cx(
        'overflow-x-auto rounded-xl border bg-card outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      {children}
    </div>
  );
}
