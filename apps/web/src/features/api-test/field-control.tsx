import type { ReactNode } from 'react';
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

interface FieldControlProps {
  field: Field;
  draft: Draft;
  onChange: (draft: Draft) => void;
  path: string;
  errors: FieldError[];
  idPrefix: string;
  /** Defaults to the field's name. */
  label?: string;
}

/** What every kind of control shows around its input: the heading, the errors, the description. */
interface Frame {
  id: string;
  name: string;
  heading: ReactNode;
  messages: ReactNode;
  description: ReactNode;
}

/**
 * One field of a generated form, recursively: inputs for scalars, a select for enums and booleans, a group of
 * fields for an object, a list of inputs for an array of scalars, a variant picker for a union, a JSON text area
 * for anything else. `errors` are shown under the field whose path they name.
 */
export function FieldControl(props: FieldControlProps) {
  const { field, draft, path, errors, idPrefix, label } = props;
  const id = idOf(idPrefix, path);
  const name = label ?? (field.name || 'Body');
  const mine = errors.filter((e) => e.path === path);
  const hint = hintOf(field);
  const describedBy = [mine.length ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const common: InputCommon = {
    id,
    ...(mine.length ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
  const frame: Frame = {
    id,
    name,
    heading: <FieldHeading field={field} id={id} name={name} hint={hint} />,
    messages: mine.length > 0 && (
      <p id={`${id}-error`} className="text-sm text-destructive">
        {mine.map((e) => e.message).join('; ')}
      </p>
    ),
    description: field.description && <p className="text-xs text-muted-foreground">{field.description}</p>,
  };

  switch (field.kind) {
    case 'object':
      return <ObjectControl {...props} field={field} frame={frame} />;
    case 'array':
      return <ArrayControl {...props} field={field} frame={frame} />;
    case 'union':
      return <UnionControl {...props} field={field} frame={frame} />;
    default:
      return (
        <ScalarControl
          field={field}
          text={typeof draft === 'string' ? draft : ''}
          onChange={props.onChange}
          common={common}
          frame={frame}
        />
      );
  }
}

type InputCommon = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
type FieldOf<K extends Field['kind']> = Extract<Field, { kind: K }>;
type KindProps<K extends Field['kind']> = FieldControlProps & { field: FieldOf<K>; frame: Frame };

function FieldHeading({ field, id, name, hint }: { field: Field; id: string; name: string; hint: string }) {
  return (
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
}

/** An object: a fieldset of its fields. */
function ObjectControl({ field, draft, onChange, path, errors, idPrefix, frame }: KindProps<'object'>) {
  const values = (draft && typeof draft === 'object' && !Array.isArray(draft) ? draft : {}) as Record<
    string,
    Draft
  >;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border p-3" aria-label={frame.name}>
      <legend className="px-1 font-mono text-sm font-medium">
        {frame.name}
        {field.required && <span className="text-destructive"> *</span>}
      </legend>
      {frame.description}
      {frame.messages}
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

/** An array of scalars: one input per item, each with a remove button, and an add button. */
function ArrayControl({ field, draft, onChange, path, errors, idPrefix, frame }: KindProps<'array'>) {
  const items = Array.isArray(draft) ? draft : [];
  const name = frame.name;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-label={name}>
      {frame.heading}
      {frame.description}
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
      {frame.messages}
    </fieldset>
  );
}

/** A union: a variant picker and the chosen variant's control. */
function UnionControl({ field, draft, onChange, path, errors, idPrefix, frame }: KindProps<'union'>) {
  const u = (
    draft && typeof draft === 'object' && 'variant' in draft ? draft : { variant: 0, value: '' }
  ) as UnionDraft;
  const variant = field.variants[u.variant] ?? field.variants[0]!;
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-md border border-dashed p-3">
      {frame.heading}
      {frame.description}
      <Select
        id={`${frame.id}-variant`}
        aria-label={`Variant of ${frame.name}`}
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
        label={frame.name}
      />
    </div>
  );
}

/** A scalar: a select for enums and booleans, a text area for JSON, an input for the rest. */
function ScalarControl({
  field,
  text,
  onChange,
  common,
  frame,
}: {
  field: Field;
  text: string;
  onChange: (draft: Draft) => void;
  common: InputCommon;
  frame: Frame;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      {frame.heading}
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
          inputMode={field.kind === 'number' ? 'decimal' : field.kind === 'integer' ? 'numeric' : undefined}
          autoComplete="off"
          spellCheck={false}
        />
      )}
      {frame.description}
      {frame.messages}
    </div>
  );
}
