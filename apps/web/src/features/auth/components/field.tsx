import { useId, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

interface FieldProps {
  label: string;
  /** A field error from the server (e.g. `fields.email` of a 400). */
  error?: string | undefined;
  hint?: string;
}

/** Label, control and its error/hint, wired together with ids for screen readers. */
export function Field({ label, error, hint, id, ...input }: FieldProps & ComponentProps<'input'>) {
  const ids = useFieldIds(id);
  return (
    <div className="grid gap-2">
      <Label htmlFor={ids.control}>{label}</Label>
      <Input
        id={ids.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy(error, hint)}
        {...input}
      />
      <FieldNotes ids={ids} error={error} hint={hint} />
    </div>
  );
}

export function TextareaField({
  label,
  error,
  hint,
  id,
  ...textarea
}: FieldProps & ComponentProps<'textarea'>) {
  const ids = useFieldIds(id);
  return (
    <div className="grid gap-2">
      <Label htmlFor={ids.control}>{label}</Label>
      <Textarea
        id={ids.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy(error, hint)}
        {...textarea}
      />
      <FieldNotes ids={ids} error={error} hint={hint} />
    </div>
  );
}

function useFieldIds(id: string | undefined) {
  const auto = useId();
  const control = id ?? auto;
  return {
    control,
    error: `${control}-error`,
    hint: `${control}-hint`,
    describedBy(error: string | undefined, hint: string | undefined): string | undefined {
      return (
        [error ? `${control}-error` : '', hint ? `${control}-hint` : ''].filter(Boolean).join(' ') ||
        undefined
      );
    },
  };
}

function FieldNotes({
  ids,
  error,
  hint,
}: {
  ids: ReturnType<typeof useFieldIds>;
  error?: string | undefined;
  hint?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
