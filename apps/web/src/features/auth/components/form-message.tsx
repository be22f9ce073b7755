import { cx } from '@/lib/cx';

/**
 * A message under a form: failures are announced at once (role="alert"), successes politely (role="status").
 * Renders nothing without text.
 */
export function FormMessage({
  tone,
  children,
  className,
}: {
  tone: 'error' | 'success';
  children?: string | null;
  className?: string;
}) {
  if (!children) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={`form-${tone}`}
      className={cx(
        'rounded-md border px-3 py-2 text-sm',
        tone === 'error'
          ? 'border-destructive/40 bg-destructive/5 text-destructive'
          : 'border-success/40 bg-success/5 text-success',
        className,
      )}
    >
      {children}
    </p>
  );
}
