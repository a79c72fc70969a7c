import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZAdminAuditFilter,
  ZAdminAuditPage,
  ZAdminAuditQuery,
  ZAdminHealth,
  ZAdminOrganisationPage,
  ZAdminOrganisationQuery,
  ZFailedJobPage,
  ZFailedJobQuery,
  ZOrganisationFeatures,
  ZOrganisationFeaturesUpdate,
  ZRetried,
  ZRetryJobs,
} from './admin.ts';

const tags = ['admin'];
const access = 'Superadmins only';
const errors = [400, 401, 403] as const;

/** The superadmin console (`/admin`). */
export const adminOps = {
  organisations: defineOperation({
    method: 'GET',
    path: '/api/admin/organisations/',
    query: ZAdminOrganisationQuery,
    response: ZAdminOrganisationPage,
    errors,
    summary: 'Every organisation with its users, seats, storage and last activity',
    access,
    tags,
  }),
  health: defineOperation({
    method: 'GET',
    path: '/api/admin/health/',
    response: ZAdminHealth,
    errors,
    summary: 'Database, job queue, mail, transcodes and disk',
    access,
    tags,
  }),
  failedJobs: defineOperation({
    method: 'GET',
    path: '/api/admin/jobs/failed/',
    query: ZFailedJobQuery,
    response: ZFailedJobPage,
    errors,
    summary: 'Jobs that failed after their last attempt, newest first',
    access,
    tags,
  }),
  retryJobs: defineOperation({
    method: 'POST',
    path: '/api/admin/jobs/retry/',
    body: ZRetryJobs,
    response: ZRetried,
    errors: [400, 401, 403, 404] as const,
    summary: 'Queue a failed job again, or every failed job of a type (audited)',
    access,
    tags,
  }),
  audit: defineOperation({
    method: 'GET',
    path: '/api/admin/audit/',
    query: ZAdminAuditQuery,
    response: ZAdminAuditPage,
    errors,
    summary: 'The audit trail of every organisation, newest first',
    access,
    tags,
  }),
  auditExport: defineOperation({
    method: 'GET',
    path: '/api/admin/audit/export/',
    query: ZAdminAuditFilter,
    response: 'binary',
    errors,
    summary: 'The filtered audit trail as CSV',
    access,
    tags,
  }),
  features: defineOperation({
    method: 'GET',
    path: '/api/admin/organisations/:id/features/',
    params: ZIdParams,
    response: ZOrganisationFeatures,
    errors: [400, 401, 403, 404] as const,
    summary: 'Which features the organisation has on',
    access,
    tags,
  }),
  setFeatures: defineOperation({
    method: 'PATCH',
    path: '/api/admin/organisations/:id/features/',
    params: ZIdParams,
    body: ZOrganisationFeaturesUpdate,
    response: ZOrganisationFeatures,
    errors: [400, 401, 403, 404] as const,
    summary: 'Turn features on or off for the organisation (audited)',
    access,
    tags,
  }),
};
