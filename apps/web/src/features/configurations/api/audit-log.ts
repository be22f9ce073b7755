import { AuditRecord } from '@meridian/contract/audit-log';
import { listResponse } from '@meridian/contract';
import { createListEndpoints } from '@/components/data-table';
import { PROVIDER } from '@/lib/env';

/** The audit log (admins): search, count and CSV of /{provider}/read/{search,count,export}/audit_log. */
const AuditList = listResponse(AuditRecord);

export const auditLogEndpoints = createListEndpoints({
  key: 'audit-log',
  searchPath: `/${PROVIDER}/read/search/audit_log`,
  countPath: `/${PROVIDER}/read/count/audit_log`,
  exportPath: `/${PROVIDER}/read/export/audit_log`,
  parseRows: (answer) => AuditList.parse(answer).data,
});
