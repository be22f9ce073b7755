import { z } from 'zod';
import { defineList, readPaths } from './lists.ts';
import { MODES } from './modes.ts';

/**
 * The client's audit log (/configurations/audit-log): who did what, when, from which address, with the change's
 * before and after for configuration changes. Admins only. A subpath outside the barrel.
 */

export const AuditRecord = z.object({
  audit_id: z.string().meta({ description: 'An opaque id of the record (`AUD…`).' }),
  created_at: z.string(),
  actor: z
    .string()
    .nullable()
    .meta({ description: 'Who: a user e-mail, `api_key:key_…`, or a Meridian process (`system:…`).' }),
  action: z.string().meta({ examples: ['ip_allowlist.added', 'auth.sign_in', 'payout.created'] }),
  object_id: z.string().nullable().meta({ description: 'The object changed (a urn, code, key id, range).' }),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  metadata: z
    .record(z.string(), z.unknown())
    .nullable()
    .meta({ description: 'Details; configuration changes carry `before` and `after`. Never secrets.' }),
  livemode: z.boolean().nullable().meta({
    description:
      'true: about live mode, false: about test mode; null: about what both modes share (the team, sign-ins, the company’s settings).',
  }),
});
export type AuditRecord = z.infer<typeof AuditRecord>;

/**
 * The audit log as a list: search by actor e-mail, action (or its family) or object id; its
 * export and the audit report write the same columns.
 */
export const AUDIT_LOG_LIST = defineList({
  name: 'audit_log',
  title: 'Audit log',
  noun: 'audit record',
  permission: 'audit.read',
  paths: readPaths('audit_log'),
  searchKeys: [
    { key: 'actor_email', label: 'Actor e-mail' },
    { key: 'action', label: 'Action' },
    { key: 'object_id', label: 'Object id' },
  ],
  defaultRange: 'last7',
  filters: {
    // A mode's records only: those about what both modes share (livemode null) are in neither.
    mode: { kind: 'enum', label: 'Mode', values: MODES, valueLabels: { test: 'Test', live: 'Live' } },
  },
  columns: [
    { key: 'created_at', label: 'Time', format: 'time', priority: 1 },
    { key: 'audit_id', label: 'Audit id', format: 'code', priority: 3, export: false },
    { key: 'actor', label: 'Actor', format: 'text', priority: 1 },
    { key: 'action', label: 'Action', format: 'code', priority: 1 },
    { key: 'object_id', label: 'Object', format: 'code', priority: 2 },
    { key: 'ip', label: 'IP address', format: 'code', priority: 2 },
    { key: 'request_id', label: 'Request id', format: 'code', priority: 3 },
    { key: 'metadata', label: 'Details', format: 'text', priority: 3 },
  ],
});
