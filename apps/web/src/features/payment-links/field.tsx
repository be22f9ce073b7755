import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A labelled text input with its hint and error, tied together by ids (for this feature's small forms). */
export function TextField({
  id,
  label,
  hint,
  error,
  optional = false,
  ...input
}: ComponentProps<'input'> & {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  optional?: boolean;
}) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground"> (optional)</span>}
      </Label>
      <Input
        id={id}
        {...(error ? { 'aria-invalid': true } : {})}
        {...(describedBy ? { 'aria-describedby': describedBy } : {})}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The server's SVG as an image (a data URL: no QR library in the bundle, no extra request). */
export function QrImage({ svg, label }: { svg: string; label: string }) {
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={208}
      height={208}
      className="size-52 rounded-md border bg-white p-1"
    />
  );
}
