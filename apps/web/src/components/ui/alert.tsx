import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cx } from '@/lib/cx';

export const alertVariants = cva(
  'relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm has-[>svg]:grid-cols-[calc(var(--spacing)*4)_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5 [&>svg]:text-current',
  {
    variants: {
      variant: {
        default: 'bg-card text-card-foreground',
        destructive: 'border-destructive/40 bg-destructive/5 text-destructive',
        success: 'border-success/40 bg-success/5 text-success',
        warning:
          'border-yellow-500/40 bg-yellow-50 text-yellow-900 dark:bg-yellow-900/20 dark:text-yellow-100',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/**
 * A callout. It is not announced by itself: pass `role="alert"` for a failure the user must hear now, or
 * `role="status"` for a polite update.
 */
export function Alert({
  className,
  variant,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div data-slot="alert" className={cx(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="alert-title" className={cx('col-start-2 font-medium', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-description"
      className={cx('col-start-2 grid gap-1 text-sm [&_p]:leading-relaxed', className)}
      {...props}
    />
  );
}
