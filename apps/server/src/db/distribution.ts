import { and, eq, getTableName, is, type AnyColumn, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

/**
 * Where each table lives when one PostgreSQL primary is not enough and the database becomes a Citus cluster,
 * distributed by client (docs/operating/scaling.md):
 *
 * - `distributed`: a client's rows, sharded by `client_ref`. Its primary key and every unique constraint include
 *   `client_ref`; it references other distributed tables with `(client_ref, x_ref) → (client_ref, id)`; queries
 *   filter on one client and join on `client_ref` as well as the id, so they run on one node.
 * - `reference`: Meridian-wide, small and read everywhere, replicated to every node (joins with it are local):
 *   clients, Meridian's system accounts, the account-number registry, and the sign-in tables, which are looked up by
 *   e-mail, session id or token hash before the client is known.
 * - `local`: Meridian-wide rows that nothing joins: they stay on the coordinator as plain tables.
 *
 * The catalogue test (apps/server/test/citus-schema.test.ts) fails when a table is missing here or a distributed
 * table breaks the rules; the Citus statements in docs/operating/scaling.md are generated from this map (`citusStatements`).
 * pg-boss keeps its own tables in the `pgboss` schema (local: see docs/operating/scaling.md).
 */
export type Placement = 'distributed' | 'reference' | 'local';

/** The distribution column of every distributed table. */
export const DISTRIBUTION_COLUMN = 'client_ref';

type Tables = { [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? (typeof schema)[K] : never };
type TableName = {
  [K in keyof Tables]: Tables[K] extends PgTable ? Tables[K]['_']['name'] : never;
}[keyof Tables];

export const DISTRIBUTION = {
  // Meridian-wide, replicated to every node.
  clients: 'reference',
  system_accounts: 'reference',
  account_numbers: 'reference',
  users: 'reference',
  auth_sessions: 'reference',
  refresh_tokens: 'reference',
  mfa_attempts: 'reference',
  user_totp: 'reference',
  // Looked up by its token's hash before the client is known (accepting an invitation), like the sign-in tables.
  invitations: 'reference',
  mfa_recovery_codes: 'reference',
  password_resets: 'reference',
  api_keys: 'reference',

  // A client's own rows, co-located by client_ref.
  accounts: 'distributed',
  ledger_entries: 'distributed',
  ledger_postings: 'distributed',
  client_sequences: 'distributed',
  client_features: 'distributed',
  beneficiaries: 'distributed',
  payouts: 'distributed',
  payout_events: 'distributed',
  validations: 'distributed',
  idempotency_keys: 'distributed',
  callback_configs: 'distributed',
  callback_deliveries: 'distributed',
  callback_attempts: 'distributed',
  callback_replays: 'distributed',
  audit_log: 'distributed',
  ip_allowlist_entries: 'distributed',
  credit_accounts: 'distributed',
  credit_operations: 'distributed',
  fabric_calls: 'distributed',
  virtual_accounts: 'distributed',
  virtual_account_credits: 'distributed',
  settlement_accounts: 'distributed',
  settlement_cycles: 'distributed',
  settlements: 'distributed',
  company_meters: 'distributed',
  mandates: 'distributed',
  mandate_events: 'distributed',
  mandate_presentations: 'distributed',
  payment_links: 'distributed',
  payment_link_attempts: 'distributed',
  bulks: 'distributed',
  bulk_files: 'distributed',
  bulk_line_items: 'distributed',
  support_tickets: 'distributed',
  saved_views: 'distributed',
  roles: 'distributed',
  approval_rules: 'distributed',
  approval_requests: 'distributed',
  request_log: 'distributed',
  events: 'distributed',
  approval_decisions: 'distributed',
  reports: 'distributed',
  report_chunks: 'distributed',
  report_schedules: 'distributed',

  // Meridian-wide and never joined: plain tables on the coordinator.
  rate_limits: 'local',
  seed_runs: 'local',
  outbox: 'local',
  access_requests: 'local',
  platform_audit_log: 'local',
} as const satisfies Record<TableName, Placement>;

/**
 * The join condition from a distributed table to another one it references: the same client, and the reference.
 * `withinClient(accounts, payouts.clientRef, payouts.accountRef)` is
 * `accounts.client_ref = payouts.client_ref AND accounts.id = payouts.account_ref`: on Citus the join runs on the
 * client's node (co-located), and on one PostgreSQL it uses the `(client_ref, id)` primary key.
 */
export function withinClient(
  target: { clientRef: AnyColumn; id: AnyColumn },
  clientRef: AnyColumn,
  ref: AnyColumn,
): SQL {
  return and(eq(target.clientRef, clientRef), eq(target.id, ref))!;
}

const tables = Object.values(schema).filter((v) => is(v, PgTable)) as PgTable[];

/** The tables a table references with foreign keys (other than itself). */
function referencedTables(table: PgTable): string[] {
  const name = getTableName(table);
  return getTableConfig(table)
    .foreignKeys.map((fk) => getTableName(fk.reference().foreignTable))
    .filter((t) => t !== name);
}

/**
 * The statements that turn a database migrated to the latest schema into a Citus cluster's layout, in an order
 * Citus accepts (a table after the tables its foreign keys point to): reference tables, then the distributed
 * tables, all co-located with the first. Local tables need no statement.
 */
export function citusStatements(): string[] {
  const placement = (name: string): Placement | undefined =>
    (DISTRIBUTION as Record<string, Placement>)[name];
  const byName = new Map(tables.map((t) => [getTableName(t), t]));
  const ordered: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    for (const dep of referencedTables(byName.get(name)!)) visit(dep);
    ordered.push(name);
  };
  for (const name of [...byName.keys()].sort()) visit(name);

  const reference = ordered.filter((t) => placement(t) === 'reference');
  const distributed = ordered.filter((t) => placement(t) === 'distributed');
  const [first] = distributed;
  return [
    ...reference.map((t) => `SELECT create_reference_table('${t}');`),
    ...distributed.map((t) =>
      t === first
        ? `SELECT create_distributed_table('${t}', '${DISTRIBUTION_COLUMN}');`
        : `SELECT create_distributed_table('${t}', '${DISTRIBUTION_COLUMN}', colocate_with => '${first}');`,
    ),
  ];
}
