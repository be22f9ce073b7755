import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cx } from '@/lib/cx';

/** What a control needs to be tied to its label, hint, live status and error. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * Label, control, hint, live status and error of one form field, wired together by ids. The control is a
 * render prop so that it can be an input, a select or something composite:
 * `<FormField id="x" label="X">{(p) => <Input {...p} {...register('x')} />}</FormField>`.
 * `status` is announced politely when it changes (e.g. the bank of an IFSC).
 */
export function FormField({
  id,
  label,
  optional = false,
  hint,
  status,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  status?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const ids = {
    hint: `${id}-hint`,
    status: `${id}-status`,
    error: `${id}-error`,
  };
  const describedBy = [error ? ids.error : '', status !== undefined ? ids.status : '', hint ? ids.hint : '']
    .filter(Boolean)
    .join(' ');
  const control: ControlProps = {
    id,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
  return (
    <div className={cx('grid content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground"> (optional)</span>}
      </Label>
      {children(control)}
      {hint ? (
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {status !== undefined && (
        <p id={ids.status} role="status" className="min-h-4 text-xs">
          {status}
        </p>
      )}
      {error ? (
        <p id={ids.error} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
