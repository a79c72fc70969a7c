export { registerAuditRoutes } from './audit.routes.ts';
export { recordActivity, recordAudit } from './audit.service.ts';
export { auditEvents, userActivity } from './audit.table.ts';
