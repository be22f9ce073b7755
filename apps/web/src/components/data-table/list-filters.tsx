import { useId, useState, type FormEvent } from 'react';
import type { ListFilterDef } from '@meridian/contract/lists';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cx } from '@/lib/cx';
import { FilterSelect, ListOf } from './toolbar';

type Values = Readonly<Record<string, string>>;

/**
 * A list's filters from its definition (beside the date range and the search): an `enum` is a select with
 * "All", an `amount` two rupee inputs (from, to), a `text` one input. A select applies at once; the inputs
 * apply with Enter or "Apply". Values are query parameters of the same names (`amount_min`, `amount_max`).
 * With `of` (a page with two lists) each filter's accessible name names its list ("Status of line items").
 */
export function ListFilters({
  filters,
  values,
  onChange,
  of,
}: {
  filters: Readonly<Record<string, ListFilterDef>>;
  values: Values;
  onChange: (values: Values) => void;
  of?: string | undefined;
}) {
  return (
    <>
      {Object.entries(filters).map(([key, filter]) =>
        filter.kind === 'enum' ? (
          <FilterSelect
            key={key}
            filter={{
              label: filter.label,
              value: values[key] ?? '',
              options: filter.values.map((v) => ({ value: v, label: filter.valueLabels?.[v] ?? v })),
              onChange: (value) => onChange({ [key]: value }),
            }}
            of={of}
          />
        ) : (
          <InputsFilter
            key={key}
            label={filter.label}
            params={filter.kind === 'amount' ? [`${key}_min`, `${key}_max`] : [key]}
            amount={filter.kind === 'amount'}
            values={values}
            onChange={onChange}
            of={of}
          />
        ),
      )}
    </>
  );
}

/** A text filter (one input) or an amount range (from, to in rupees), applied together. */
function InputsFilter({
  label,
  params,
  amount,
  values,
  onChange,
  of,
}: {
  label: string;
  params: readonly string[];
  amount: boolean;
  values: Values;
  onChange: (values: Values) => void;
  of: string | undefined;
}) {
  const id = useId();
  const active = params.map((p) => values[p] ?? '').join('\n');
  const [draft, setDraft] = useState<Record<string, string>>(() => pick(values, params));
  const [shown, setShown] = useState(active);
  // The draft follows the URL when that changes (back navigation, a saved view).
  if (shown !== active) {
    setShown(active);
    setDraft(pick(values, params));
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  const names = amount ? ['from', 'to'] : [label];
  return (
    <form
      onSubmit={submit}
      aria-label={of ? `${label} filter of ${of}` : `${label} filter`}
      className="flex items-end gap-2"
    >
      <fieldset className="flex items-end gap-2">
        <legend className="sr-only">{amount ? `${label} in rupees` : label}</legend>
        {params.map((param, i) => (
          <div key={param} className={cx('grid gap-1.5', amount ? 'w-32' : 'w-44')}>
            <Label htmlFor={`${id}-${param}`}>
              {amount ? `${label} ${names[i]} (₹)` : label}
              <ListOf of={of} />
            </Label>
            <Input
              id={`${id}-${param}`}
              name={param}
              inputMode={amount ? 'decimal' : undefined}
              pattern={amount ? '\\d+(\\.\\d{1,2})?' : undefined}
              title={amount ? 'An amount in rupees, e.g. 1000 or 1000.50' : undefined}
              autoComplete="off"
              maxLength={amount ? 16 : 100}
              value={draft[param] ?? ''}
              onChange={(e) => setDraft((d) => ({ ...d, [param]: e.target.value }))}
            />
          </div>
        ))}
      </fieldset>
      <Button type="submit" variant="outline">
        Apply
      </Button>
    </form>
  );
}

function pick(values: Values, params: readonly string[]): Record<string, string> {
  return Object.fromEntries(params.map((p) => [p, values[p] ?? '']));
}
