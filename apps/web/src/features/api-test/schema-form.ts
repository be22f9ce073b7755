import type { JsonSchema } from './openapi';

/**
 * A form generated from a JSON Schema: `fieldFor` turns a schema into a tree of fields, `initialDraft` fills it
 * from defaults and examples, `toJson` turns what the user typed into the JSON to send (with the problems
 * found: required, enum, pattern, lengths, ranges, number syntax), `fromJson` the other way (the raw JSON tab).
 *
 * Drafts hold what the controls show: text for strings and numbers (`'12.5'`), `'true' | 'false' | ''` for
 * booleans, objects and arrays of drafts, `{ variant, value }` for a union, JSON text for anything else.
 */
export type Field =
  | ScalarField<'string' | 'number' | 'integer' | 'boolean'>
  | (FieldBase & { kind: 'enum'; options: Array<string | number | boolean> })
  | (FieldBase & { kind: 'object'; fields: Field[] })
  | (FieldBase & { kind: 'array'; item: Field })
  | (FieldBase & { kind: 'union'; variants: Array<{ label: string; field: Field }> })
  | (FieldBase & { kind: 'json' });

interface FieldBase {
  /** Property or parameter name ('' for a whole body). */
  name: string;
  required: boolean;
  schema: JsonSchema;
  description?: string;
}
type ScalarField<K extends string> = FieldBase & { kind: K };

export type Draft = string | Draft[] | { [key: string]: Draft } | UnionDraft;
export interface UnionDraft {
  variant: number;
  value: Draft;
}

export interface FieldError {
  /** Dotted path of the field (`items.0.amount`; the parameter's name). */
  path: string;
  message: string;
}

const MAX_DEPTH = 8;
const isNull = (s: JsonSchema) =>
  s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null');

/** `allOf` merged into one schema (properties and required lists combined). */
function merged(schema: JsonSchema): JsonSchema {
  if (!schema.allOf?.length) return schema;
  const { allOf, ...rest } = schema;
  return allOf.map(merged).reduce<JsonSchema>(
    (acc, part) => ({
      ...acc,
      ...part,
      properties: { ...acc.properties, ...part.properties },
      required: [...(acc.required ?? []), ...(part.required ?? [])],
    }),
    rest,
  );
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** A short name for a union's variant: its title, its discriminating constant, or its type. */
function variantLabel(schema: JsonSchema, index: number, discriminator?: string): string {
  if (schema.title) return schema.title;
  const props = schema.properties ?? {};
  const keys = discriminator ? [discriminator] : Object.keys(props);
  for (const key of keys) {
    const p = props[key];
    const constant = p?.const ?? (p?.enum?.length === 1 ? p.enum[0] : undefined);
    if (constant !== undefined) return `${key}: ${String(constant)}`;
  }
  const type = typeOf(schema);
  return type ? `${type} (option ${index + 1})` : `Option ${index + 1}`;
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

export function fieldFor(input: JsonSchema, name = '', required = false, depth = 0): Field {
  const schema = merged(input);
  const base: FieldBase = { name, required, schema };
  if (schema.description) base.description = schema.description;
  if (depth > MAX_DEPTH) return { ...base, kind: 'json' };

  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.length) {
    const options = alternatives.map(merged).filter((s) => !isNull(s));
    if (options.length === 1)
      return fieldFor(
        { ...schema, oneOf: undefined, anyOf: undefined, ...options[0] },
        name,
        required,
        depth,
      );
    const constants = options.map((o) => o.const ?? (o.enum?.length === 1 ? o.enum[0] : undefined));
    if (constants.every((c) => typeof c === 'string' || typeof c === 'number'))
      return { ...base, kind: 'enum', options: constants as Array<string | number> };
    const discriminator = schema.discriminator?.propertyName;
    return {
      ...base,
      kind: 'union',
      variants: options.map((o, i) => ({
        label: variantLabel(o, i, discriminator),
        field: fieldFor(o, name, required, depth + 1),
      })),
    };
  }
  if (schema.const !== undefined && ['string', 'number', 'boolean'].includes(typeof schema.const))
    return { ...base, kind: 'enum', options: [schema.const as string] };
  if (schema.enum?.length && schema.enum.every((v) => ['string', 'number', 'boolean'].includes(typeof v)))
    return { ...base, kind: 'enum', options: schema.enum as Array<string | number | boolean> };

  const type = typeOf(schema);
  if (type && SCALARS.has(type)) return { ...base, kind: type as 'string' };
  if (type === 'object' && schema.properties && Object.keys(schema.properties).length) {
    const req = new Set(schema.required ?? []);
    return {
      ...base,
      kind: 'object',
      fields: Object.entries(schema.properties).map(([key, s]) => fieldFor(s, key, req.has(key), depth + 1)),
    };
  }
  if (type === 'array' && schema.items) {
    const item = fieldFor(schema.items, name, true, depth + 1);
    if (item.kind !== 'object' && item.kind !== 'array' && item.kind !== 'union' && item.kind !== 'json')
      return { ...base, kind: 'array', item };
  }
  return { ...base, kind: 'json' };
}

/** The example value a schema gives: `default`, then `example`, then the first of `examples`. */
function exampleOf(schema: JsonSchema): unknown {
  return schema.default ?? schema.example ?? schema.examples?.[0];
}

/** The draft of a field before the user types: defaults and examples prefilled. */
export function initialDraft(field: Field): Draft {
  const example = exampleOf(field.schema);
  if (example !== undefined) return fromJson(field, example);
  switch (field.kind) {
    case 'object':
      return Object.fromEntries(field.fields.map((f) => [f.name, initialDraft(f)]));
    case 'array':
      return [];
    case 'union':
      return { variant: 0, value: initialDraft(field.variants[0]!.field) };
    default:
      return '';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** Whether `value` plausibly is an instance of `field` (used to choose a union's variant). */
function fits(field: Field, value: unknown): boolean {
  switch (field.kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
    case 'integer':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum':
      return field.options.includes(value as string);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return (
        isRecord(value) &&
        field.fields.every((f) => {
          const constant = f.kind === 'enum' && f.options.length === 1 ? f.options[0] : undefined;
          return constant === undefined || value[f.name] === undefined || value[f.name] === constant;
        })
      );
    case 'union':
      return field.variants.some((v) => fits(v.field, value));
    case 'json':
      return true;
  }
}

/** The draft that shows `value` (the raw JSON tab → the form). Keys the schema does not know are dropped. */
export function fromJson(field: Field, value: unknown): Draft {
  switch (field.kind) {
    case 'object': {
      const obj = isRecord(value) ? value : {};
      return Object.fromEntries(
        field.fields.map((f) => [f.name, f.name in obj ? fromJson(f, obj[f.name]) : emptyDraft(f)]),
      );
    }
    case 'array':
      return Array.isArray(value) ? value.map((v) => fromJson(field.item, v)) : [];
    case 'union': {
      const index = Math.max(
        0,
        field.variants.findIndex((v) => fits(v.field, value)),
      );
      return { variant: index, value: fromJson(field.variants[index]!.field, value) };
    }
    case 'json':
      return value === undefined ? '' : JSON.stringify(value, null, 2);
    default:
      return value === undefined || value === null ? '' : String(value);
  }
}

/** The draft of a field left empty (no example). */
function emptyDraft(field: Field): Draft {
  switch (field.kind) {
    case 'object':
      return Object.fromEntries(field.fields.map((f) => [f.name, emptyDraft(f)]));
    case 'array':
      return [];
    case 'union':
      return { variant: 0, value: emptyDraft(field.variants[0]!.field) };
    default:
      return '';
  }
}

/** A readable name for messages: `beneficiary.account_number`, or the parameter's name. */
const label = (path: string) => path || 'The body';

function checkString(field: Field, text: string, path: string, errors: FieldError[]): void {
  const s = field.schema;
  if (s.minLength !== undefined && text.length < s.minLength)
    errors.push({ path, message: `${label(path)} must be at least ${s.minLength} characters` });
  if (s.maxLength !== undefined && text.length > s.maxLength)
    errors.push({ path, message: `${label(path)} must be at most ${s.maxLength} characters` });
  if (s.pattern) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(s.pattern, 'u');
    } catch {
      re = null; // a pattern the browser cannot compile is left to the server
    }
    if (re && !re.test(text)) errors.push({ path, message: `${label(path)} must match ${s.pattern}` });
  }
}

function checkNumber(field: Field, n: number, path: string, errors: FieldError[]): void {
  const s = field.schema;
  if (s.minimum !== undefined && n < s.minimum)
    errors.push({ path, message: `${label(path)} must be at least ${s.minimum}` });
  if (s.exclusiveMinimum !== undefined && n <= s.exclusiveMinimum)
    errors.push({ path, message: `${label(path)} must be more than ${s.exclusiveMinimum}` });
  if (s.maximum !== undefined && n > s.maximum)
    errors.push({ path, message: `${label(path)} must be at most ${s.maximum}` });
  if (s.exclusiveMaximum !== undefined && n >= s.exclusiveMaximum)
    errors.push({ path, message: `${label(path)} must be less than ${s.exclusiveMaximum}` });
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * The JSON value of a draft (undefined: leave it out) and the problems found, each with the field's path.
 * An empty optional field is left out; an empty required one is "… is required".
 */
export function toJson(
  field: Field,
  draft: Draft,
  path = field.name,
): { value: unknown; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const value = convert(field, draft, path, errors);
  return { value, errors };
}

/** An empty draft: "… is required" for a required field; left out either way. */
function missing(field: Field, path: string, errors: FieldError[]): undefined {
  if (field.required) errors.push({ path, message: `${label(path)} is required` });
  return undefined;
}

function convert(field: Field, draft: Draft, path: string, errors: FieldError[]): unknown {
  switch (field.kind) {
    case 'string': {
      const text = typeof draft === 'string' ? draft : '';
      if (text === '') return missing(field, path, errors);
      checkString(field, text, path, errors);
      return text;
    }
    case 'number':
    case 'integer':
      return convertNumber(field, draft, path, errors);
    case 'boolean': {
      if (draft === 'true') return true;
      if (draft === 'false') return false;
      return missing(field, path, errors);
    }
    case 'enum':
      return convertEnum(field, draft, path, errors);
    case 'object':
      return convertObject(field, draft, path, errors);
    case 'array':
      return convertArray(field, draft, path, errors);
    case 'union': {
      const u =
        isRecord(draft) && 'variant' in draft ? (draft as unknown as UnionDraft) : { variant: 0, value: '' };
      const variant = field.variants[u.variant] ?? field.variants[0]!;
      return convert(variant.field, u.value, path, errors);
    }
    case 'json':
      return convertJson(field, draft, path, errors);
  }
}

function convertNumber(field: Field, draft: Draft, path: string, errors: FieldError[]): number | undefined {
  const text = typeof draft === 'string' ? draft.trim() : '';
  if (text === '') return missing(field, path, errors);
  const n = Number(text);
  if (!Number.isFinite(n) || !/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) {
    errors.push({ path, message: `${label(path)} must be a number` });
    return undefined;
  }
  if (field.kind === 'integer' && !Number.isInteger(n)) {
    errors.push({ path, message: `${label(path)} must be a whole number` });
    return undefined;
  }
  checkNumber(field, n, path, errors);
  return n;
}

function convertEnum(
  field: Extract<Field, { kind: 'enum' }>,
  draft: Draft,
  path: string,
  errors: FieldError[],
): unknown {
  const text = typeof draft === 'string' ? draft : '';
  if (text === '') return missing(field, path, errors);
  const option = field.options.find((o) => String(o) === text);
  if (option === undefined) {
    errors.push({ path, message: `${label(path)} must be one of ${field.options.join(', ')}` });
    return undefined;
  }
  return option;
}

function convertObject(
  field: Extract<Field, { kind: 'object' }>,
  draft: Draft,
  path: string,
  errors: FieldError[],
): unknown {
  const drafts =
    isRecord(draft) && !('variant' in draft && 'value' in draft) ? (draft as Record<string, Draft>) : {};
  const inner: FieldError[] = [];
  const out: Record<string, unknown> = {};
  for (const f of field.fields) {
    const v = convert(f, drafts[f.name] ?? emptyDraft(f), join(path, f.name), inner);
    if (v !== undefined) out[f.name] = v;
  }
  // An optional object left entirely empty is left out, without complaining about its required fields.
  if (!field.required && Object.keys(out).length === 0) return undefined;
  errors.push(...inner);
  return out;
}

function convertArray(
  field: Extract<Field, { kind: 'array' }>,
  draft: Draft,
  path: string,
  errors: FieldError[],
): unknown {
  const items = Array.isArray(draft) ? draft : [];
  const out = items
    .map((d, i) => ({ d, i }))
    .filter(({ d }) => d !== '')
    .map(({ d, i }) => convert(field.item, d, join(path, i), errors));
  if (out.length === 0 && !field.required) return undefined;
  const s = field.schema;
  if (s.minItems !== undefined && out.length < s.minItems)
    errors.push({ path, message: `${label(path)} needs at least ${s.minItems} item(s)` });
  if (s.maxItems !== undefined && out.length > s.maxItems)
    errors.push({ path, message: `${label(path)} takes at most ${s.maxItems} item(s)` });
  return out;
}

function convertJson(field: Field, draft: Draft, path: string, errors: FieldError[]): unknown {
  const text = typeof draft === 'string' ? draft.trim() : '';
  if (text === '') return missing(field, path, errors);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    errors.push({ path, message: `${label(path)} is not valid JSON` });
    return undefined;
  }
}
