import type { Body, IdCall } from './calls.ts';

/**
 * The report builder, exports and schedules (issue 22) in the cross-organisation test (see
 * calls.ts): a saved custom report of acme's admin shared with trainers, a finished export, a
 * scheduled e-mail report, a trainer's report sections, and a spare of each that the delete controls remove. An export is
 * its owner's only, so every outsider gets 404 whatever their role.
 */
export interface ReportToolObjects {
  savedReport: number;
  spareSavedReport: number;
  reportExport: number;
  spareReportExport: number;
  schedule: number;
  spareSchedule: number;
  /** A trainer of acme's, whose report sections an admin may switch. */
  sectionsUser: number;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

export async function makeReportToolObjects(
  json: Json,
  admin: string,
  adminId: number,
  trainerId: number,
): Promise<ReportToolObjects> {
  const saved = (name: string) =>
    json(admin, 'POST', '/api/report/saved/', {
      name,
      definition: { source: 'users', columns: ['fullname', 'role'] },
      shared_roles: [3],
    });
  const exported = () =>
    json(admin, 'POST', '/api/report/exports/', {
      source: { kind: 'widget', widget: 'user-status', query: {} },
      format: 'csv',
    });
  const schedule = (name: string) =>
    json(admin, 'POST', '/api/report/crone_job_email_setting/', {
      name,
      source: { kind: 'widget', widget: 'user-status', query: {} },
      format: 'csv',
      recurrence: { frequency: 'daily', time: '07:00', timezone: 'UTC' },
      recipients: { users: [adminId], roles: [] },
    });
  return {
    savedReport: (await saved('Shared people')).id,
    spareSavedReport: (await saved('Spare people')).id,
    reportExport: (await exported()).id,
    spareReportExport: (await exported()).id,
    schedule: (await schedule('Daily status')).id,
    spareSchedule: (await schedule('Spare status')).id,
    sectionsUser: trainerId,
  };
}

export const REPORT_TOOL_CALLS: Record<string, IdCall> = {
  'GET /api/report/saved/:id/': { params: (f) => ({ id: f.savedReport }) },
  'GET /api/report/saved/:id/run/': {
    params: (f) => ({ id: f.savedReport }),
    query: () => '?page=1&page_size=5',
  },
  'PATCH /api/report/saved/:id/': {
    params: (f) => ({ id: f.savedReport }),
    body: () => ({ name: 'Planted' }),
  },
  'DELETE /api/report/saved/:id/': { params: (f) => ({ id: f.spareSavedReport }) },
  'GET /api/report/exports/:id/': { params: (f) => ({ id: f.reportExport }) },
  'GET /api/report/exports/:id/file/': { params: (f) => ({ id: f.reportExport }) },
  'DELETE /api/report/exports/:id/': { params: (f) => ({ id: f.spareReportExport }) },
  'GET /api/report/crone_job_email_setting/:id/': { params: (f) => ({ id: f.schedule }) },
  'PATCH /api/report/crone_job_email_setting/:id/': {
    params: (f) => ({ id: f.schedule }),
    body: () => ({ name: 'Planted' }),
  },
  'DELETE /api/report/crone_job_email_setting/:id/': { params: (f) => ({ id: f.spareSchedule }) },
  'GET /api/report/sections/:id/': { params: (f) => ({ id: f.sectionsUser }) },
  'PUT /api/report/sections/:id/': {
    params: (f) => ({ id: f.sectionsUser }),
    body: () => ({ sections: [{ key: 'assessment', permission: false }] }),
  },
};

/** Exporting a saved report of acme's: it does not exist for anyone else (404). */
export const REPORT_TOOL_BODY_CALLS: Record<string, IdCall> = {
  'POST /api/report/exports/': {
    params: () => ({}),
    body: (f) => ({ source: { kind: 'saved', id: f.savedReport }, format: 'csv' }),
  },
};
