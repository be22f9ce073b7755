import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_LOG_LIST, AuditRecord } from '@meridian/contract/audit-log';
import { defaultPermission, companyLevelRoutes } from '../auth/guard.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { registerList } from '../lists/register-list.ts';
import { countAuditRecords, listAuditRecords } from './queries.ts';

/** A record's details in one cell: its metadata as JSON. */
export const auditMetadataCell = (r: Pick<AuditRecord, 'metadata'>) =>
  r.metadata ? JSON.stringify(r.metadata) : null;

/**
 * The client's audit log as a list (search, count, CSV) with the lists' filter state: whole days in the user's
 * time zone (default the last 7 days), search by actor e-mail, action or object id, paging. Admins only.
 */
export const auditLogRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Shared by both modes: the company's, whatever the caller's mode.
  companyLevelRoutes(app);
  defaultPermission(app, 'audit.read');
  const p = deps.config.PROVIDER;

  registerList(app, deps.db, p, {
    list: AUDIT_LOG_LIST,
    report: { type: 'audit', queue: deps.queueReport },
    tag: 'audit log',
    noun: "audit records of the caller's client (who did what, when, from which address)",
    row: AuditRecord,
    fetch: listAuditRecords,
    count: countAuditRecords,
    values: { metadata: auditMetadataCell },
  });
};
