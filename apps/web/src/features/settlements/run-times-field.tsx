import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { CycleBody, CycleForm } from './cycle-form';
import { addRunTime, MAX_RUN_TIMES, removeRunTime } from './run-times';

/** The cycle's run times: the list (each removable) and a draft time to add. */
export function RunTimesField({
  control,
  id,
  timeZone,
  rootError,
}: {
  control: Control<CycleForm, unknown, CycleBody>;
  id: string;
  timeZone: string;
  rootError: string | undefined;
}) {
  const { field, fieldState } = useController({ control, name: 'run_times' });
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const times = field.value ?? [];
  const add = () => {
    const next = addRunTime(times, draft);
    if (next === null) {
      setDraftError(
        times.length >= MAX_RUN_TIMES
          ? 'At most 6 run times a day'
          : 'A run time is HH:mm (24-hour), e.g. 10:30',
      );
      return;
    }
    setDraftError(null);
    setDraft('');
    field.onChange(next);
  };
  const error = draftError ?? fieldState.error?.message ?? rootError;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-times-error` : undefined}>
      <legend className="text-sm font-medium">Run times ({timeZone})</legend>
      <RunTimesList times={times} onRemove={(t) => field.onChange(removeRunTime(times, t))} />
      <div className="flex items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-new-time`}>New run time</Label>
          <Input
            id={`${id}-new-time`}
            value={draft}
            placeholder="HH:mm"
            inputMode="numeric"
            maxLength={5}
            autoComplete="off"
            className="w-28 font-mono"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </div>
        <Button type="button" variant="outline" onClick={add}>
          Add time
        </Button>
      </div>
      {error && (
        <p id={`${id}-times-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function RunTimesList({ times, onRemove }: { times: string[]; onRemove: (time: string) => void }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Run times">
      {times.map((t) => (
        <li
          key={t}
          className="flex items-center gap-1 rounded-md border py-0.5 pr-0.5 pl-2 font-mono text-sm"
        >
          {t}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Remove run time ${t}`}
            onClick={() => onRemove(t)}
          >
            ×
          </Button>
        </li>
      ))}
      {times.length === 0 && <li className="text-sm text-muted-foreground">No run times</li>}
    </ul>
  );
}
