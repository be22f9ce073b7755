export { ManageIpsPage } from './manage-ips-page';
export { AuditLogPage } from './audit-log-page';
