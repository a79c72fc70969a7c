import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import { ZPageQuery } from '../core/pagination.ts';
import {
  ZBuilderRunBody,
  ZBuilderRunResult,
  ZBuilderSources,
  ZReportSections,
  ZReportSectionsBody,
  ZSavedReport,
  ZSavedReportCreate,
  ZSavedReportPage,
  ZSavedReportQuery,
  ZSavedReportUpdate,
} from './builder.ts';

const tags = ['reports'];
const access =
  'Staff with the Reports menu permission (learners never), for the report sections switched ' +
  'on for them; figures are scoped to the caller as every report is';
const savedAccess =
  `${access}. A saved report is its owner's and shared with roles of their organisation; the ` +
  'owner or an admin of that organisation may change or delete it';

/** The report builder (issue 22): sources, running a definition, saved custom reports. */
export const builderOps = {
  sources: defineOperation({
    method: 'GET',
    path: '/api/report/builder/sources/',
    response: ZBuilderSources,
    errors: [401, 403] as const,
    summary: 'The data sources (and their columns) the caller may build reports on',
    access,
    tags,
  }),
  run: defineOperation({
    method: 'POST',
    path: '/api/report/builder/run/',
    body: ZBuilderRunBody,
    response: ZBuilderRunResult,
    errors: [400, 401, 403, 404] as const,
    summary: 'Run a report definition: its columns and one page of rows',
    access,
    tags,
  }),
  list: defineOperation({
    method: 'GET',
    path: '/api/report/saved/',
    query: ZSavedReportQuery,
    response: ZSavedReportPage,
    errors: [400, 401, 403] as const,
    summary: 'Saved custom reports: mine and those shared with my role',
    access: savedAccess,
    tags,
  }),
  create: defineOperation({
    method: 'POST',
    path: '/api/report/saved/',
    body: ZSavedReportCreate,
    response: ZSavedReport,
    status: 201,
    errors: [400, 401, 403, 404] as const,
    summary: 'Save a custom report',
    access: savedAccess,
    tags,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/api/report/saved/:id/',
    params: ZIdParams,
    response: ZSavedReport,
    errors: [401, 403, 404] as const,
    summary: 'A saved custom report',
    access: savedAccess,
    tags,
  }),
  update: defineOperation({
    method: 'PATCH',
    path: '/api/report/saved/:id/',
    params: ZIdParams,
    body: ZSavedReportUpdate,
    response: ZSavedReport,
    errors: [400, 401, 403, 404] as const,
    summary: 'Change a saved custom report',
    access: savedAccess,
    tags,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/report/saved/:id/',
    params: ZIdParams,
    response: null,
    errors: [401, 403, 404] as const,
    summary: 'Delete a saved custom report',
    access: savedAccess,
    tags,
  }),
  runSaved: defineOperation({
    method: 'GET',
    path: '/api/report/saved/:id/run/',
    params: ZIdParams,
    query: ZPageQuery,
    response: ZBuilderRunResult,
    errors: [400, 401, 403, 404] as const,
    summary: 'Run a saved custom report with the caller’s own scope',
    access: savedAccess,
    tags,
  }),
  sections: defineOperation({
    method: 'GET',
    path: '/api/report/sections/:id/',
    params: ZIdParams,
    response: ZReportSections,
    errors: [401, 403, 404] as const,
    summary: 'The report sections switched on for a user (the permission screen)',
    access: 'Admins of the user’s organisation',
    tags,
  }),
  updateSections: defineOperation({
    method: 'PUT',
    path: '/api/report/sections/:id/',
    params: ZIdParams,
    body: ZReportSectionsBody,
    response: ZReportSections,
    errors: [400, 401, 403, 404] as const,
    summary: 'Switch report sections on or off for a user',
    access: 'Admins of the user’s organisation',
    tags,
  }),
};
