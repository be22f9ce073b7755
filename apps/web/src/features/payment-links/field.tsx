import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form/form-field';

/** A labelled text input with its hint and error: the shared FormField around an Input. */
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
  return (
    <FormField id={id} label={label} hint={hint} error={error} optional={optional}>
      {(control) => <Input {...control} {...input} />}
    </FormField>
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
