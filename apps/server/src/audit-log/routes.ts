import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_LOG_SEARCH_KEYS, AuditRecord } from '@meridian/contract/audit-log';
import { requireRole } from '../auth/guard.ts';
import { documentRole } from '../http/openapi.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { registerLegacyList } from '../lists/legacy-list.ts';
import { countAuditRecords, listAuditRecords } from './queries.ts';

export const AUDIT_ADMIN_MESSAGE = "Only your company's admins can see the audit log";

/**
 * The client's audit log as a list (search, count, CSV) with the spec's filter state: whole days in the user's
 * time zone (default the last 7 days), search by actor e-mail, action or object id, paging. Admins only.
 */
export const auditLogRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.addHook('preValidation', requireRole('admin', AUDIT_ADMIN_MESSAGE));
  documentRole(app, 'admin');
  const p = deps.config.PROVIDER;

  registerLegacyList(app, deps.db, p, {
    report: { type: 'audit', queue: deps.queueReport },
    list: { name: 'audit records', searchKeys: AUDIT_LOG_SEARCH_KEYS, defaultRange: 'last7' },
    tag: 'audit log',
    noun: "audit records of the caller's client (who did what, when, from which address)",
    paths: {
      search: `/${p}/read/search/audit_log`,
      count: `/${p}/read/count/audit_log`,
      export: `/${p}/read/export/audit_log`,
    },
    row: AuditRecord,
    fetch: listAuditRecords,
    count: countAuditRecords,
    csv: [
      ['created_at', (r) => r.created_at],
      ['actor', (r) => r.actor],
      ['action', (r) => r.action],
      ['object_id', (r) => r.object_id],
      ['ip', (r) => r.ip],
      ['request_id', (r) => r.request_id],
      ['metadata', (r) => (r.metadata ? JSON.stringify(r.metadata) : null)],
    ],
  });
};
