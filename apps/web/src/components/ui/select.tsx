import type { ComponentProps } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { cx } from '@/lib/cx';

/**
 * A styled native `<select>`: keyboard, type-ahead, screen readers and mobile pickers work as the platform
 * makes them. Label it with `<Label htmlFor>` like an input; `className` goes onto the wrapper.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div data-slot="select-wrapper" className={cx('relative w-full min-w-0', className)}>
      <select
        data-slot="select"
        className={cx(
          'flex h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-transparent py-1 pr-9 pl-3 text-base shadow-xs transition-[color,box-shadow] outline-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
          'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
          '[&>option]:bg-popover [&>option]:text-popover-foreground',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </div>
  );
}
