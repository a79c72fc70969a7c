import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { defineOperation, form } from '../core/operation.ts';
import { zPage } from '../core/pagination.ts';
import { ZImportResult, ZImportTemplateQuery } from './user-import.ts';
import {
  ZAddUser,
  ZLicence,
  ZLicenceUpdate,
  ZUserAction,
  ZUserExportQuery,
  ZUserListQuery,
  ZUserRow,
  ZUserTargetQuery,
} from './users-admin.ts';

const tags = ['users'];
const errors = [400, 401, 403, 404, 409] as const;
const id = z.object({ id: zIdParam });
const manage = 'Admins with the Users menu (/settings), for users of their organisation';

/** User administration: the users list, adding, approving, roles, seats, bulk import. */
export const userOps = {
  list: defineOperation({
    method: 'GET',
    path: '/api/v1/accounts/get-users/',
    query: ZUserListQuery,
    response: zPage(ZUserRow),
    errors,
    summary: 'Users of the organisation: search, filter by role/department/status, sort, page',
    access: 'Admins and trainers (trainers look learners up too, spec §6)',
    tags,
  }),
  export: defineOperation({
    method: 'GET',
    path: '/api/v1/accounts/get-users/export/',
    query: ZUserExportQuery,
    response: 'binary',
    summary:
      'The filtered user list as CSV or XLSX (cells that look like formulas are neutralised)',
    access: manage,
    tags,
  }),
  add: defineOperation({
    method: 'POST',
    path: '/api/v1/accounts/add-user/',
    body: form(ZAddUser),
    response: ZUserRow,
    status: 201,
    errors,
    summary:
      'Add a user (JSON, or multipart with the same fields and an optional `photo`; without a password the user is mailed a link to choose one)',
    access: manage,
    tags,
  }),
  act: defineOperation({
    method: 'PATCH',
    path: '/api/v1/accounts/user-action/:id/',
    params: id,
    query: ZUserTargetQuery,
    body: ZUserAction,
    response: ZUserRow,
    errors,
    summary:
      'Approve, reject, activate, deactivate (ends their sessions) or change the role of a user',
    access: manage,
    tags,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/v1/accounts/remove-user/:id/',
    params: id,
    query: ZUserTargetQuery,
    response: z.object({ message: z.string() }),
    errors,
    summary: 'Remove a user from the organisation',
    access: manage,
    tags,
  }),
  licences: defineOperation({
    method: 'GET',
    path: '/api/v1/accounts/product-license/',
    query: z.object({ organization: zIdParam.optional() }),
    response: z.array(ZLicence),
    errors,
    summary: 'Licence seats and their use (superadmin: every organisation)',
    access: 'Admins (their organisation) and the superadmin (every organisation)',
    tags,
  }),
  setSeats: defineOperation({
    method: 'POST',
    path: '/api/v1/accounts/product-license/',
    body: ZLicenceUpdate,
    response: ZLicence,
    errors,
    summary: "Set an organisation's licence seats (superadmin)",
    access: 'The superadmin',
    tags,
  }),
  importTemplate: defineOperation({
    method: 'GET',
    path: '/api/v1/accounts/user-bulk-upload/template/',
    query: ZImportTemplateQuery,
    response: 'binary',
    summary: 'The import template (CSV or XLSX) with one example row',
    access: manage,
    tags,
  }),
  import: defineOperation({
    method: 'POST',
    path: '/api/v1/accounts/user-bulk-upload/',
    body: 'multipart',
    response: ZImportResult,
    status: 201,
    errors: [400, 401, 403, 409, 413, 415],
    summary:
      'Import users from a CSV or XLSX file (multipart field `file`): all rows valid, or nothing is written',
    access: manage,
    tags,
  }),
};
