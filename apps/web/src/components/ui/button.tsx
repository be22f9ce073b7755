import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cx } from '@/lib/cx';

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:border-ring disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive: 'bg-destructive text-white shadow-xs hover:bg-destructive/90',
        outline: 'border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 px-4 py-2 has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 rounded-md px-3 has-[>svg]:px-2.5',
        lg: 'h-10 rounded-md px-6 has-[>svg]:px-4',
        icon: 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

/**
 * A button (type "button" unless told otherwise). With `asChild` the styles go onto the only child instead,
 * e.g. `<Button asChild><Link to="/flow">Home</Link></Button>`; the child keeps its own props and classes.
 * Extra classes are appended without tailwind-merge (see `cx` in lib/utils): pick a `variant`/`size` rather
 * than overriding conflicting utilities.
 */
export function Button({ className, variant, size, asChild = false, type, children, ...props }: ButtonProps) {
  const classes = cx(buttonVariants({ variant, size }), className);
  if (asChild && isValidElement<{ className?: string }>(children)) {
    // A minimal slot (no Radix on the sign-in bundle): merge our props under the child's own.
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, {
      ...props,
      ...child.props,
      className: cx(classes, child.props.className),
    } as object);
  }
  return (
    <button data-slot="button" type={type ?? 'button'} className={classes} {...props}>
      {children}
    </button>
  );
}
