import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { initialDraft, type Draft, type Field, type FieldError, type UnionDraft } from './schema-form';

/** What the schema says about a field, in one line: type, format, enum, pattern, range. */
function hintOf(field: Field): string {
  const s = field.schema;
  const parts: string[] = [];
  if (field.kind === 'json') parts.push('JSON');
  else if (field.kind === 'array') parts.push(`list of ${field.item.kind}`);
  else if (field.kind !== 'object' && field.kind !== 'union' && field.kind !== 'enum') parts.push(field.kind);
  if (s.format) parts.push(s.format);
  if (s.pattern) parts.push(`pattern ${s.pattern}`);
  if (s.minLength !== undefined || s.maxLength !== undefined)
    parts.push(`${s.minLength ?? 0}–${s.maxLength ?? '∞'} characters`);
  if (s.minimum !== undefined || s.maximum !== undefined)
    parts.push(`${s.minimum ?? '−∞'} to ${s.maximum ?? '∞'}`);
  return parts.join(' · ');
}

const idOf = (prefix: string, path: string) => `${prefix}-${path.replace(/[^A-Za-z0-9_-]/g, '_') || 'body'}`;

/**
 * One field of a generated form, recursively: inputs for scalars, a select for enums and booleans, a group of
 * fields for an object, a list of inputs for an array of scalars, a variant picker for a union, a JSON text area
 * for anything else. `errors` are shown under the field whose path they name.
 */
export function FieldControl({
  field,
  draft,
  onChange,
  path,
  errors,
  idPrefix,
  label,
}: {
  field: Field;
  draft: Draft;
  onChange: (draft: Draft) => void;
  path: string;
  errors: FieldError[];
  idPrefix: string;
  /** Defaults to the field's name. */
  label?: string;
}) {
  const id = idOf(idPrefix, path);
  const name = label ?? (field.name || 'Body');
  const mine = errors.filter((e) => e.path === path);
  const hint = hintOf(field);
  const describedBy = [mine.length ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    ...(mine.length ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
  const text = typeof draft === 'string' ? draft : '';

  const heading = (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <Label
        htmlFor={field.kind === 'object' || field.kind === 'array' ? undefined : id}
        className="font-mono"
      >
        {name}
        {field.required && (
          <span className="text-destructive" aria-label="required" title="required">
            {' '}
            *
          </span>
        )}
      </Label>
      {hint && (
        <span id={`${id}-hint`} className="text-xs break-all text-muted-foreground">
          {hint}
        </span>
      )}
    </div>
  );
  const messages = mine.length > 0 && (
    <p id={`${id}-error`} className="text-sm text-destructive">
      {mine.map((e) => e.message).join('; ')}
    </p>
  );
  const description = field.description && (
    <p className="text-xs text-muted-foreground">{field.description}</p>
  );

  switch (field.kind) {
    case 'object': {
      const values = (draft && typeof draft === 'object' && !Array.isArray(draft) ? draft : {}) as Record<
        string,
        Draft
      >;
      return (
        <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border p-3" aria-label={name}>
          <legend className="px-1 font-mono text-sm font-medium">
            {name}
            {field.required && <span className="text-destructive"> *</span>}
          </legend>
          {description}
          {messages}
          {field.fields.map((f) => (
            <FieldControl
              key={f.name}
              field={f}
              draft={values[f.name] ?? initialDraft(f)}
              onChange={(d) => onChange({ ...values, [f.name]: d })}
              path={path ? `${path}.${f.name}` : f.name}
              errors={errors}
              idPrefix={idPrefix}
            />
          ))}
        </fieldset>
      );
    }
    case 'array': {
      const items = Array.isArray(draft) ? draft : [];
      return (
        <fieldset className="flex min-w-0 flex-col gap-2" aria-label={name}>
          {heading}
          {description}
          {items.map((item, i) => (
            <div key={i} className="flex min-w-0 items-start gap-2">
              <div className="min-w-0 flex-1">
                <FieldControl
                  field={field.item}
                  draft={item}
                  onChange={(d) => onChange(items.map((x, j) => (j === i ? d : x)))}
                  path={`${path}.${i}`}
                  errors={errors}
                  idPrefix={idPrefix}
                  label={`${name}[${i}]`}
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${name}[${i}]`}
                onClick={() => onChange(items.filter((_x, j) => j !== i))}
              >
                <X aria-hidden />
              </Button>
            </div>
          ))}
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onChange([...items, initialDraft(field.item)])}
            >
              <Plus aria-hidden /> Add to {name}
            </Button>
          </div>
          {messages}
        </fieldset>
      );
    }
    case 'union': {
      const u = (
        draft && typeof draft === 'object' && 'variant' in draft ? draft : { variant: 0, value: '' }
      ) as UnionDraft;
      const variant = field.variants[u.variant] ?? field.variants[0]!;
      return (
        <div className="flex min-w-0 flex-col gap-2 rounded-md border border-dashed p-3">
          {heading}
          {description}
          <Select
            id={`${id}-variant`}
            aria-label={`Variant of ${name}`}
            value={String(u.variant)}
            onChange={(e) => {
              const index = Number(e.target.value);
              onChange({ variant: index, value: initialDraft(field.variants[index]!.field) });
            }}
          >
            {field.variants.map((v, i) => (
              <option key={i} value={i}>
                {v.label}
              </option>
            ))}
          </Select>
          <FieldControl
            field={variant.field}
            draft={u.value}
            onChange={(value) => onChange({ variant: u.variant, value })}
            path={path}
            errors={errors}
            idPrefix={`${idPrefix}-v${u.variant}`}
            label={name}
          />
        </div>
      );
    }
    default:
      return (
        <div className="flex min-w-0 flex-col gap-1.5">
          {heading}
          {field.kind === 'enum' || field.kind === 'boolean' ? (
            <Select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
              <option value="">{field.required ? 'Choose…' : '(leave out)'}</option>
              {(field.kind === 'enum' ? field.options.map(String) : ['true', 'false']).map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </Select>
          ) : field.kind === 'json' ? (
            <Textarea
              {...common}
              value={text}
              onChange={(e) => onChange(e.target.value)}
              rows={4}
              spellCheck={false}
              className="font-mono text-xs"
            />
          ) : (
            <Input
              {...common}
              value={text}
              onChange={(e) => onChange(e.target.value)}
              inputMode={
                field.kind === 'number' ? 'decimal' : field.kind === 'integer' ? 'numeric' : undefined
              }
              autoComplete="off"
              spellCheck={false}
            />
          )}
          {description}
          {messages}
        </div>
      );
  }
}
