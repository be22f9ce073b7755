import { AUDIT_LOG_LIST, AuditRecord } from '@meridian/contract/audit-log';
import { listResponse } from '@meridian/contract';
import { createListEndpoints } from '@/components/data-table';

/** The audit log (admins): search, count and CSV at the paths of its definition (AUDIT_LOG_LIST). */
const AuditList = listResponse(AuditRecord);

export const auditLogEndpoints = createListEndpoints(
  AUDIT_LOG_LIST,
  (answer) => AuditList.parse(answer).data,
);
