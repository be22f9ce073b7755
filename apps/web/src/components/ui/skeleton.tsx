import type { ComponentProps } from 'react';
import { cx } from '@/lib/cx';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden
      className={cx('animate-pulse rounded-md bg-accent', className)}
      {...props}
    />
  );
}
