import { z } from 'zod';

/**
 * The client's audit log (/configurations/audit-log): who did what, when, from which address, with the change's
 * before and after for configuration changes. Admins only. A subpath outside the barrel.
 */

/** Search keys of the audit log (GUIDE §3 Lists): actor e-mail, action (or its family), object id. */
export const AUDIT_LOG_SEARCH_KEYS = ['actor_email', 'action', 'object_id'] as const;
export type AuditLogSearchKey = (typeof AUDIT_LOG_SEARCH_KEYS)[number];

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
});
export type AuditRecord = z.infer<typeof AuditRecord>;
