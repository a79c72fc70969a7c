import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import { ZPageQuery } from '../core/pagination.ts';
import { ZCreateReportExport, ZReportExport, ZReportExportPage } from './exports.ts';

const tags = ['reports'];
const access =
  'Signed in; staff may export the reports their Reports screen shows (a trainer their own ' +
  'courses, an admin their organisation, a superadmin any); an export is its owner’s only';

/** Report exports (issue 22): create, follow, download and delete one's own exports. */
export const reportExportOps = {
  create: defineOperation({
    method: 'POST',
    path: '/api/report/exports/',
    body: ZCreateReportExport,
    response: ZReportExport,
    status: 201,
    errors: [400, 401, 403, 404],
    summary:
      'Export a report as CSV, XLSX or PDF: rendered at once when small (status done), else ' +
      'queued as a job (follow GET .../exports/{id}/, a `report_ready` notification when done)',
    access,
    tags,
  }),
  list: defineOperation({
    method: 'GET',
    path: '/api/report/exports/',
    query: ZPageQuery,
    response: ZReportExportPage,
    errors: [400, 401],
    summary: 'My exports, newest first (files are deleted after 7 days)',
    access: 'Signed in; the caller’s own exports',
    tags,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/api/report/exports/:id/',
    params: ZIdParams,
    response: ZReportExport,
    errors: [400, 401, 404],
    summary: 'An export’s status and progress',
    access: 'Its owner (anyone else: 404)',
    tags,
  }),
  file: defineOperation({
    method: 'GET',
    path: '/api/report/exports/:id/file/',
    params: ZIdParams,
    response: 'binary',
    errors: [400, 401, 404, 409],
    summary: 'The exported file (409 while it is not done; 404 once expired)',
    access: 'Its owner (anyone else: 404)',
    tags,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/report/exports/:id/',
    params: ZIdParams,
    response: null,
    errors: [400, 401, 404],
    summary: 'Delete an export and its file',
    access: 'Its owner (anyone else: 404)',
    tags,
  }),
};
