import type { ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import XIcon from 'lucide-react/icons/x';
import { cx } from '@/lib/cx';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cx('fixed inset-0 z-50 bg-black/50', className)}
      {...props}
    />
  );
}

const dialogContentVariants = cva(
  'fixed z-50 grid border bg-background text-foreground shadow-lg outline-none',
  {
    variants: {
      layout: {
        /** A centered modal. */
        center:
          'top-1/2 left-1/2 w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg p-6 sm:max-w-lg',
        /** A small centered notice. */
        notice:
          'top-1/2 left-1/2 w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 justify-items-center gap-4 rounded-lg p-6 text-center sm:max-w-sm',
        /** The command palette: centered near the top, no padding. */
        palette:
          'top-[15vh] left-1/2 w-full max-w-[calc(100%-2rem)] -translate-x-1/2 gap-0 overflow-hidden rounded-lg p-0 sm:max-w-xl',
        /** A sheet sliding from the left edge (mobile navigation). */
        sheet: 'inset-y-0 left-0 h-svh w-72 max-w-[85vw] gap-0 border-y-0 border-l-0 p-0',
      },
    },
    defaultVariants: { layout: 'center' },
  },
);

/**
 * Dialog content in one of a few layouts. `className` may only add classes that do not conflict with the
 * layout (class names are joined, not merged). `showClose` adds a named close button.
 */
export function DialogContent({
  className,
  children,
  layout,
  showClose = true,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> &
  VariantProps<typeof dialogContentVariants> & { showClose?: boolean }) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cx(dialogContentVariants({ layout }), className)}
        {...props}
      >
        {children}
        {showClose && (
          <DialogPrimitive.Close className="absolute top-4 right-4 rounded-xs opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
            <XIcon className="size-4" aria-hidden />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-header" className={cx('flex flex-col gap-2', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cx('text-lg leading-none font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cx('text-sm text-muted-foreground', className)} {...props} />
  );
}
