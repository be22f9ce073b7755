import type { ComponentProps } from 'react';
import { cx } from '@/lib/cx';

/** A native label (no Radix needed): pass `htmlFor` or wrap the control. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      data-slot="label"
      className={cx(
        'flex items-center gap-2 text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
