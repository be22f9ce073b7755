import { METHODS, type Json, type Paths } from './openapi-types.ts';

/** The tags, each described (a tag a route uses that is not here gets a generic description). */
const TAGS: Record<string, string> = {
  auth: 'Sign-in (encrypted password, SMS one-time code), sessions, sign-out and password reset.',
  user: 'The signed-in user: profile and preferences.',
  accounts: 'Balances, statements and account transactions of the client’s current and virtual accounts.',
  dropdowns: 'Small option lists the dashboard’s forms and filters offer.',
  beneficiaries: 'Beneficiaries that payouts are sent to (bank account + IFSC, or UPI id).',
  payouts:
    'Payouts on the (sandbox) banking rail: initiate with an Idempotency-Key, then follow their state.',
  validations:
    'Bank-account validation (penny drop) with the registered holder’s name and a name-match score.',
  callbacks: 'Callback URLs the client registers for events (Standard Webhooks; see the webhooks section).',
  events: 'Every event the product emitted for the client, with its callback deliveries; resend any of them.',
  settlements: 'Settlement accounts, cycles and their history (operations).',
  'virtual accounts': 'Virtual accounts that collect money for the client, and their credits.',
  sandbox: 'Sandbox helpers: simulate what a bank would do.',
  mandates: 'E-mandates: registrations with a hosted authorisation page, and presentations on the rail.',
  'payment links': 'Payment links with a public pay page, and UPI links.',
  bulk: 'Bulk payouts from a CSV or XLSX file: templates, row checks before submit, processing, line items, files.',
  'api keys': 'API keys for server-to-server calls (HTTP Basic `key_id:key_secret`).',
  credits: 'Prepaid credits that fabric’s products consume.',
  operations:
    'Internal operations on client companies, credits, meters and support tickets (needs the `ops` role).',
  fabric: 'KYC and identity products (fabric): calls with an API key or a session, their history and events.',
  search: 'The command palette’s global search across the client’s own records.',
  'ip allow-list':
    'The addresses and CIDR ranges the client’s API keys may call from (changes need the password).',
  'audit log': 'Who did what, when and from where in the client’s account (admins only).',
  support: 'Support tickets sent from the help centre, with the status Meridian operations give them.',
  'saved views': 'The signed-in user’s named filters of a list (its URL search parameters), private to them.',
  team: 'Members, invitations (and their public acceptance), role changes, deactivation and custom roles.',
  modes: 'Test and live modes: the company’s modes, and deleting all of its test data.',
};

/** The document's `tags`: the ones its operations use, each described. */
export function describedTags(used: Set<string>): Json[] {
  return [...used].sort().map((name) => ({
    name,
    description: TAGS[name] ?? `Endpoints of ${name}.`,
  }));
}

/**
 * Query and path parameters that many operations declare identically (the list filter: `start_date`,
 * `end_date`, `limit`, `offset`, `search_key`, `search_value`, `time_zone`…; the `urn` of a record) become
 * `#/components/parameters/<name>`, each defined once; a variant of the same name (another limit, another
 * description) stays inline.
 */
const SHARED_PARAMETER_MIN_USES = 3;
export function shareQueryParameters(doc: Json, paths: Paths): void {
  const ops = Object.values(paths).flatMap((item) => METHODS.map((m) => item[m]).filter((op) => !!op));
  const uses = new Map<string, { name: string; count: number; param: unknown }>();
  for (const op of ops)
    for (const p of op.parameters ?? []) {
      if (p.in !== 'query' && p.in !== 'path') continue;
      const key = JSON.stringify(p);
      const use = uses.get(key) ?? { name: p.name, count: 0, param: p };
      use.count++;
      uses.set(key, use);
    }
  const chosen = new Map<string, string>(); // parameter JSON → component name
  for (const [key, use] of [...uses].sort((a, b) => b[1].count - a[1].count)) {
    if (use.count < SHARED_PARAMETER_MIN_USES || [...chosen.values()].includes(use.name)) continue;
    chosen.set(key, use.name);
  }
  if (!chosen.size) return;
  const components = (doc['components'] ?? {}) as Json;
  const shared = (components['parameters'] ?? {}) as Json;
  for (const [key, name] of [...chosen].sort((a, b) => a[1].localeCompare(b[1])))
    shared[name] = JSON.parse(key);
  components['parameters'] = shared;
  doc['components'] = components;
  for (const op of ops)
    op.parameters = op.parameters?.map((p) => {
      const name = chosen.get(JSON.stringify(p));
      return name ? ({ $ref: `#/components/parameters/${name}` } as never) : p;
    });
}

/** Both an input and an output component come out of each registered zod schema: keep the ones in use. */
export function dropUnusedSchemas(doc: Json): void {
  const schemas = ((doc['components'] as Json | undefined)?.['schemas'] ?? {}) as Json;
  const refsIn = (value: unknown) => {
    const refs = new Set<string>();
    JSON.stringify(value, (k, v: unknown) => {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/'))
        refs.add(v.slice('#/components/schemas/'.length));
      return v;
    });
    return refs;
  };
  const { components, ...rest } = doc;
  const keep = new Set<string>();
  const queue = [...refsIn(rest), ...refsIn({ ...(components as Json), schemas: {} })];
  while (queue.length) {
    const name = queue.pop()!;
    if (keep.has(name)) continue;
    keep.add(name);
    queue.push(...refsIn(schemas[name]));
  }
  for (const name of Object.keys(schemas)) if (!keep.has(name)) delete schemas[name];
}
