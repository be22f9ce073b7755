/**
 * Copyable request samples for every operation (`x-codeSamples`, which Redoc shows beside each operation): curl,
 * Node (fetch) and Python (requests), with the credentials the operation needs and an example body built from
 * its request schema (the schema's own examples first).
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  examples?: unknown[];
  default?: unknown;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
};
type Operation = {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const SAMPLE_REFS: Record<string, unknown> = {
  Money: '1250.00',
  MoneyInput: '1250.00',
  CalendarDate: '2026-01-31',
};

/** Realistic values for the fields whose schema has a pattern but no example (the sandbox accepts them). */
const SAMPLE_FIELDS: Record<string, unknown> = {
  amount: '1250.00',
  email: 'admin@acme.test',
  ifsc: 'MRDN0000001',
  ifsc_code: 'MRDN0000001',
  account_number: '123456789012',
  beneficiary_account_number: '123456789012',
  sender_account_number: '000100200300',
  beneficiary_code: 'VENDOR_01',
  customer_reference_number: 'INV-2026-0001',
  upi_id: 'asha@okmeridian',
  beneficiary_upi_id: 'asha@okmeridian',
  mobile: '+919876543210',
  phone: '+919876543210',
  start_date: '2026-01-01',
  end_date: '2026-01-31',
  purpose_message: 'Vendor invoice',
  url: 'https://example.org/meridian/callbacks',
  otp: '123456',
};

function sample(schema: Schema | undefined, depth = 0, name?: string): unknown {
  if (name && name in SAMPLE_FIELDS && !schema?.enum && schema?.const === undefined)
    return SAMPLE_FIELDS[name];
  if (!schema || depth > 4) return null;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.$ref) return SAMPLE_REFS[schema.$ref.split('/').at(-1) ?? ''] ?? 'string';
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) return sample(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([k]) => required.has(k))
          .map(([k, v]) => [k, sample(v, depth + 1, k)]),
      );
    }
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return schema.format === 'email' ? 'user@example.com' : 'string';
  }
}

/** A header of the samples: name, curl value, Node value, Python value. */
type Header = [string, string, string, string];
/** What the three samples of an operation share. */
interface SampleRequest {
  verb: string;
  path: string;
  qs: string;
  apiKey: boolean;
  body: string | null;
  headers: Header[];
}

/** The request every sample sends: the required query, the credentials' headers and an example body. */
function sampleRequest(method: string, path: string, op: Operation): SampleRequest {
  const secured = (op.security?.length ?? 1) > 0;
  const apiKey = JSON.stringify(op.security ?? []).includes('apiKeyAuth');
  const query = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required);
  const qs = query.length
    ? `?${query.map((p) => `${p.name}=${String(sample(p.schema, 0, p.name))}`).join('&')}`
    : '';
  const idempotent = (op.parameters ?? []).some(
    (p) => p.in === 'header' && /^idempotency-key$/i.test(p.name),
  );
  const content = op.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const body = json ? JSON.stringify(sample(json), null, 2) : null;
  const headers: Header[] = [];
  if (apiKey)
    headers.push([
      'authorization',
      'Basic $(printf %s "$KEY_ID:$KEY_SECRET" | base64)',
      "`Basic ${Buffer.from(`${process.env.KEY_ID}:${process.env.KEY_SECRET}`).toString('base64')}`",
      '',
    ]);
  else if (secured)
    headers.push(['authorization', 'Bearer $ACCESS_TOKEN', '`Bearer ${process.env.ACCESS_TOKEN}`', '']);
  if (secured) headers.push(['client_id', '$CLIENT_ID', 'process.env.CLIENT_ID', '']);
  if (idempotent) headers.push(['idempotency-key', '$(uuidgen)', 'crypto.randomUUID()', '']);
  if (body) headers.push(['content-type', 'application/json', "'application/json'", '']);
  return { verb: method.toUpperCase(), path, qs, apiKey, body, headers };
}

function curlSample({ verb, path, qs, body, headers }: SampleRequest): string {
  const url = `$MERIDIAN_URL${path.replace(/\{([^}]+)\}/g, (_m, name: string) => `<${name}>`)}`;
  return [
    `curl -X ${verb} "${url}${qs}"`,
    ...headers.map(([n, v]) => `  -H "${n}: ${v}"`),
    ...(body ? [`  -d '${body.replaceAll("'", "'\\''")}'`] : []),
  ].join(' \\\n');
}

function nodeSample({ verb, path, qs, body, headers }: SampleRequest): string {
  const nodeHeaders = headers.map(([n, , v]) => `    '${n}': ${v},`).join('\n');
  return [
    `const res = await fetch(\`\${process.env.MERIDIAN_URL}${path.replace(/\{([^}]+)\}/g, '<$1>')}${qs}\`, {`,
    `  method: '${verb}',`,
    ...(headers.length ? ['  headers: {', nodeHeaders, '  },'] : []),
    ...(body ? [`  body: JSON.stringify(${body.replaceAll('\n', '\n  ')}),`] : []),
    '});',
    'console.log(res.status, await res.json());',
  ].join('\n');
}

function pythonSample({ verb, path, qs, apiKey, body, headers }: SampleRequest): string {
  const pyHeaders = headers
    .map(([n]) => {
      if (n === 'authorization' && apiKey) return null;
      const v =
        n === 'authorization'
          ? 'f"Bearer {os.environ[\'ACCESS_TOKEN\']}"'
          : n === 'client_id'
            ? "os.environ['CLIENT_ID']"
            : n === 'idempotency-key'
              ? 'str(uuid.uuid4())'
              : null;
      return v ? `        "${n}": ${v},` : null;
    })
    .filter(Boolean);
  return [
    'import os, uuid, requests',
    '',
    `res = requests.request(`,
    `    "${verb}",`,
    `    os.environ["MERIDIAN_URL"] + "${path.replace(/\{([^}]+)\}/g, '<$1>')}${qs}",`,
    ...(apiKey ? ['    auth=(os.environ["KEY_ID"], os.environ["KEY_SECRET"]),'] : []),
    ...(pyHeaders.length ? ['    headers={', ...(pyHeaders as string[]), '    },'] : []),
    ...(body
      ? [
          `    json=${body
            .replaceAll(': true', ': True')
            .replaceAll(': false', ': False')
            .replaceAll(': null', ': None')
            .replaceAll('\n', '\n    ')},`,
        ]
      : []),
    ')',
    'print(res.status_code, res.json())',
  ].join('\n');
}

export function codeSamples(method: string, path: string, op: Operation) {
  const request = sampleRequest(method, path, op);
  return [
    { lang: 'Shell', label: 'curl', source: curlSample(request) },
    { lang: 'JavaScript', label: 'Node', source: nodeSample(request) },
    { lang: 'Python', label: 'Python', source: pythonSample(request) },
  ];
}
