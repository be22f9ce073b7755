import { useId, type ReactNode } from 'react';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cx } from '@/lib/cx';

export interface Choice<T extends string> {
  value: T;
  label: string;
  description?: ReactNode;
}

/** A labelled radio group of cards; used for every one-of-N device preference. */
export function ChoiceField<T extends string>({
  label,
  description,
  value,
  choices,
  onChange,
  columns = 2,
}: {
  label: string;
  description?: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  columns?: 2 | 3 | 4;
}) {
  const id = useId();
  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </span>
        )}
      </div>
      <RadioGroup
        value={value}
        onValueChange={(v) => {
          const choice = choices.find((c) => c.value === v);
          if (choice) onChange(choice.value);
        }}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        className={cx(
          'grid gap-3',
          columns === 2 && 'sm:grid-cols-2',
          columns === 3 && 'sm:grid-cols-3',
          columns === 4 && 'sm:grid-cols-4',
        )}
      >
        {choices.map((choice) => (
          <label
            key={choice.value}
            htmlFor={`${id}-${choice.value}`}
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
          >
            <RadioGroupItem id={`${id}-${choice.value}`} value={choice.value} className="mt-0.5" />
            <span className="grid gap-1">
              <span className="font-medium">{choice.label}</span>
              {choice.description && <span className="text-muted-foreground">{choice.description}</span>}
            </span>
          </label>
        ))}
      </RadioGroup>
    </div>
  );
}
