import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cx } from '@/lib/cx';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'text-foreground',
        green: 'border-transparent bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100',
        blue: 'border-transparent bg-blue-100 text-blue-900 dark:bg-blue-900/50 dark:text-blue-100',
        yellow: 'border-transparent bg-yellow-100 text-yellow-900 dark:bg-yellow-900/50 dark:text-yellow-100',
        red: 'border-transparent bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
        grey: 'border-transparent bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cx(badgeVariants({ variant }), className)} {...props} />;
}
