import { DEMO_PASSWORD, encryptPassword } from './helpers.ts';

/**
 * Requests made from the OpenAPI document (/docs/json): its schemas as far as the tests that walk every operation
 * read them (fuzz-openapi.test.ts, openapi-conformance.test.ts), and plausible values for any parameter or body
 * field, taken from identifiers seen in real answers when one of that name was seen.
 */

export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
export type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
};
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
};
export type Document = { paths: Record<string, Record<string, Operation>> };

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

/** Candidates for a string with a pattern or format: the first that fits is used. */
const CANDIDATES = [
  'FUZZ_1',
  'Asha Rao',
  '123456',
  '123456789012',
  '+919800000009',
  '9800000009',
  '10.00',
  'fuzz@example.test',
  'https://example.com/hook',
  '2025-01-15',
  'HDFC0000001',
  'fuzz@okaxis',
  'fuzz',
];
/** Hints by field name for strings the document does not describe closely (a zod refine or transform). */
const HINTS: [RegExp, string][] = [
  [/ifsc/, 'HDFC0000001'],
  [/upi/, 'fuzz@okaxis'],
  [/mobile|phone/, '9800000009'],
  [/email/, 'fuzz@example.test'],
  [/url/, 'https://example.com/hook'],
  [/date/, '2025-01-15'],
  [/time_zone/, 'Asia/Kolkata'],
  [/amount/, '10.00'],
  [/account_number/, '123456789012'],
  [/code|urn|reference|_id$/, 'FUZZ_1'],
  [/name/, 'Asha Rao'],
];

export const fits = (s: Schema, v: string) =>
  (!s.pattern || new RegExp(s.pattern).test(v)) &&
  (s.minLength === undefined || v.length >= s.minLength) &&
  (s.maxLength === undefined || v.length <= s.maxLength) &&
  (s.format !== 'email' || v.includes('@')) &&
  (s.format !== 'uri' || /^https?:\/\//.test(v)) &&
  (s.format !== 'date' || /^\d{4}-\d{2}-\d{2}$/.test(v));

/** The branches of a union, or the schema itself. */
export const branches = (s: Schema): Schema[] => s.oneOf ?? s.anyOf ?? [s];

/** Only identifiers are worth reusing (an amount seen in a summary may well be 0.00). */
const IDENTIFIER = /(^|_)(code|number|urn|id|email|provider)$/;
/** Fields that take another field's value. */
const ALIASES: Record<string, string> = { sender_account_number: 'account_number' };

/** Keeps the identifiers of an answer in `seen`, by field name (the latest kept). */
export function harvest(value: unknown, seen: Map<string, string>) {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === 'string' && IDENTIFIER.test(k)) seen.set(k, x);
        else stack.push(x);
      }
  }
}

/** A value that passes `s`, an identifier of `seen` for a field of its name when one fits. */
export function plausibleValue(s: Schema, name: string, seen: ReadonlyMap<string, string>): unknown {
  if (name === 'encrypted_password') return encryptPassword(DEMO_PASSWORD);
  const known = seen.get(ALIASES[name] ?? name);
  if (known !== undefined && (!s.type || s.type === 'string') && !s.enum && fits(s, known)) return known;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== '') ?? s.enum[0];
  if (s.oneOf || s.anyOf) {
    const options = branches(s);
    return plausibleValue(options.find((o) => !o.enum?.includes('')) ?? options[0]!, name, seen);
  }
  if (s.default !== undefined) return s.default;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, p]) => [k, plausibleValue(p, k, seen)]),
      );
    case 'array':
      return s.items ? [plausibleValue(s.items, name, seen)] : [];
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    default: {
      const hinted = HINTS.find(([re]) => re.test(name))?.[1];
      if (hinted && fits(s, hinted)) return hinted;
      return CANDIDATES.find((c) => fits(s, c)) ?? 'x'.repeat(Math.max(s.minLength ?? 1, 1));
    }
  }
}

/** The document with every local `$ref` (shared parameters and schemas) replaced by what it points at. */
export function dereferenced(doc: Document): Document {
  const resolve = (ref: string): unknown =>
    ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (o, k) => (o as Record<string, unknown> | undefined)?.[k.replaceAll('~1', '/').replaceAll('~0', '~')],
        doc,
      );
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > 30 || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    const { $ref, ...rest } = v as Record<string, unknown>;
    if (typeof $ref === 'string' && $ref.startsWith('#/'))
      return walk({ ...(resolve($ref) as object), ...rest }, depth + 1);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, depth + 1)]));
  };
  return { ...doc, paths: walk(doc.paths, 0) as Document['paths'] };
}

let requests = 0;

/** The operations of a document, in its order. */
export const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    METHODS.filter((m) => ops[m]).map((m) => ({ path, method: m, op: ops[m]! })),
  );

/**
 * A plausible request of an operation: path parameters, the required query parameters and a body from `seen`
 * (first branch of a union), the required header parameters and an Idempotency-Key, each a new value.
 */
export function plausibleRequest(
  path: string,
  op: Operation,
  seen: ReadonlyMap<string, string>,
): { url: string; body: unknown; headers: Record<string, string> } {
  const params = op.parameters ?? [];
  const value = (p: Parameter) => encodeURIComponent(String(plausibleValue(p.schema ?? {}, p.name, seen)));
  const url = path.replace(/\{([^}]+)\}/g, (_, k: string) => {
    const p = params.find((x) => x.in === 'path' && x.name === k);
    return p ? value(p) : 'X1';
  });
  const query = params
    .filter((p) => p.in === 'query' && (p.required || seen.has(p.name)))
    .map((p) => `${p.name}=${value(p)}`)
    .join('&');
  const headers = Object.fromEntries(
    params
      .filter((p) => p.in === 'header' && (p.required || p.name === 'idempotency-key'))
      .map((p) => [p.name, `request-${++requests}`]),
  );
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? plausibleValue(branches(bodySchema)[0]!, 'body', seen) : undefined;
  return { url: query ? `${url}?${query}` : url, body, headers };
}
