/**
 * The parts of the server's OpenAPI 3.1 document (`/docs/json`) the API test page uses: its operations, with
 * parameters and JSON body schemas whose `$ref`s are resolved, their security and the money-moving marker.
 */

/** A JSON Schema (2020-12, as OpenAPI 3.1 carries it), the keywords the form understands. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  discriminator?: { propertyName: string };
}

export type ParameterLocation = 'path' | 'query' | 'header';

export interface ApiParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/** How an operation may be called: the dashboard session, an API key, or nothing (public). */
export type AuthMode = 'session' | 'apiKey' | 'none';

export interface ApiOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: ApiParameter[];
  body?: { contentType: string; required: boolean; schema: JsonSchema };
  /** The auth modes its `security` allows, in the document's order; `['none']` for a public operation. */
  auth: AuthMode[];
  movesMoney: boolean;
}

export const MOVES_MONEY = 'x-meridian-moves-money';

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `#/components/schemas/Money` → the object it points to in `doc` (undefined when it does not resolve). */
function pointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Json)[key];
  }
  return node;
}

/**
 * `schema` with every `$ref` replaced by what it points to (siblings of a `$ref` kept). A schema that refers to
 * itself is cut at its second appearance on the way down (it becomes `{}`, a JSON field in the form).
 */
export function resolveRefs(doc: Json, schema: unknown, seen: string[] = []): JsonSchema {
  if (!schema || typeof schema !== 'object') return {};
  const s = schema as Json;
  if (typeof s['$ref'] === 'string') {
    const ref = s['$ref'];
    if (seen.includes(ref)) return {};
    const { $ref: _ref, ...siblings } = s;
    return { ...resolveRefs(doc, pointer(doc, ref), [...seen, ref]), ...resolveRefs(doc, siblings, seen) };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(s)) {
    if (key === 'properties' && value && typeof value === 'object')
      out[key] = Object.fromEntries(
        Object.entries(value as Json).map(([k, v]) => [k, resolveRefs(doc, v, seen)]),
      );
    else if ((key === 'oneOf' || key === 'anyOf' || key === 'allOf') && Array.isArray(value))
      out[key] = value.map((v) => resolveRefs(doc, v, seen));
    else if ((key === 'items' || key === 'additionalProperties') && value && typeof value === 'object')
      out[key] = resolveRefs(doc, value, seen);
    else out[key] = value;
  }
  return out as JsonSchema;
}

function authModes(security: unknown): AuthMode[] {
  if (!Array.isArray(security)) return ['session'];
  if (security.length === 0) return ['none'];
  const modes: AuthMode[] = [];
  for (const requirement of security as Json[]) {
    const names = Object.keys(requirement);
    if (names.length === 0) modes.push('none');
    if (names.includes('bearerAuth')) modes.push('session');
    if (names.includes('apiKeyAuth')) modes.push('apiKey');
  }
  return [...new Set(modes)];
}

/** Every operation of the document, in the document's order. */
export function operationsOf(doc: Json): ApiOperation[] {
  const paths = (doc['paths'] ?? {}) as Record<string, Json>;
  const ops: ApiOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = [
        ...((item['parameters'] as unknown[]) ?? []),
        ...((op['parameters'] as unknown[]) ?? []),
      ]
        .map((p) => {
          const resolved = (
            p && typeof p === 'object' && '$ref' in p ? pointer(doc, String((p as Json)['$ref'])) : p
          ) as Json | undefined;
          if (!resolved || !['path', 'query', 'header'].includes(String(resolved['in']))) return null;
          const param: ApiParameter = {
            name: String(resolved['name']),
            in: resolved['in'] as ParameterLocation,
            required: resolved['in'] === 'path' || resolved['required'] === true,
            schema: resolveRefs(doc, resolved['schema']),
          };
          if (typeof resolved['description'] === 'string') param.description = resolved['description'];
          return param;
        })
        .filter((p): p is ApiParameter => p !== null);
      const content = ((op['requestBody'] as Json | undefined)?.['content'] ?? {}) as Record<string, Json>;
      const contentType =
        Object.keys(content).find((c) => c.includes('json')) ?? Object.keys(content)[0] ?? undefined;
      const operation: ApiOperation = {
        id: String(op['operationId'] ?? `${method}${path}`),
        method: method.toUpperCase(),
        path,
        summary: String(op['summary'] ?? ''),
        description: String(op['description'] ?? ''),
        tags: Array.isArray(op['tags']) && op['tags'].length ? (op['tags'] as string[]) : ['other'],
        parameters: params,
        auth: authModes(op['security']),
        movesMoney: op[MOVES_MONEY] === true,
      };
      if (contentType)
        operation.body = {
          contentType,
          required: (op['requestBody'] as Json)['required'] === true,
          schema: resolveRefs(doc, content[contentType]?.['schema']),
        };
      ops.push(operation);
    }
  }
  return ops;
}

/** Operations whose method, path, summary, id or tag contain every word of `filter` (case-insensitive). */
export function filterOperations(ops: ApiOperation[], filter: string): ApiOperation[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return ops;
  return ops.filter((op) => {
    const text = `${op.method} ${op.path} ${op.summary} ${op.id} ${op.tags.join(' ')}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Operations grouped by their first tag, tags in alphabetical order. */
export function groupByTag(ops: ApiOperation[]): Array<[string, ApiOperation[]]> {
  const groups = new Map<string, ApiOperation[]>();
  for (const op of ops) {
    const tag = op.tags[0]!;
    groups.set(tag, [...(groups.get(tag) ?? []), op]);
  }
  return [...groups].sort((a, b) => a[0].localeCompare(b[0]));
}
