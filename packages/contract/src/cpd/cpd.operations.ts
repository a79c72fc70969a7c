import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZCpdCategory,
  ZCpdCategoryInput,
  ZCpdCategoryList,
  ZCpdCategoryUpdate,
  ZCpdEntry,
  ZCpdEntryPage,
  ZCpdEntryQuery,
  ZCpdExportQuery,
  ZCpdSchemeInput,
  ZCpdSchemeState,
  ZCpdSummary,
  ZCpdSummaryQuery,
} from './cpd.ts';

const tags = ['cpd'];
const errors = [400, 401, 403, 404] as const;
const admins = 'Admins of the organisation (superadmin: theirs too), with the /cpd menu permission';
const readers =
  'Signed in with the /cpd menu permission: their own ledger; admins any user of their organisation (others 404)';

/** The CPD ledger (spec §2 /cpd and /cpd-view/{uid}, the Organization menu's Event Engine). */
export const cpdOps = {
  scheme: defineOperation({
    method: 'GET',
    path: '/api/cpd/scheme/',
    response: ZCpdSchemeState,
    errors,
    summary: 'The organisation’s CPD scheme in force (null before one is set)',
    access: 'Signed in with the /cpd menu permission',
    tags,
  }),
  saveScheme: defineOperation({
    method: 'PUT',
    path: '/api/cpd/scheme/',
    body: ZCpdSchemeInput,
    response: ZCpdSchemeState,
    errors,
    summary:
      'Set the organisation’s scheme: unit, cycle length and start month, target, carry-over (cycles are UTC)',
    access: admins,
    tags,
  }),
  categories: defineOperation({
    method: 'GET',
    path: '/api/cpd/categories/',
    response: ZCpdCategoryList,
    errors,
    summary: 'The organisation’s CPD categories with their minimums per cycle',
    access: 'Signed in with the /cpd menu permission',
    tags,
  }),
  addCategory: defineOperation({
    method: 'POST',
    path: '/api/cpd/categories/',
    body: ZCpdCategoryInput,
    response: ZCpdCategory,
    status: 201,
    errors: [...errors, 409],
    summary: 'Add a category (names unique in the organisation, case aside)',
    access: admins,
    tags,
  }),
  updateCategory: defineOperation({
    method: 'PATCH',
    path: '/api/cpd/categories/:id/',
    params: ZIdParams,
    body: ZCpdCategoryUpdate,
    response: ZCpdCategory,
    errors: [...errors, 409],
    summary: 'Rename a category or change its minimum',
    access: admins,
    tags,
  }),
  removeCategory: defineOperation({
    method: 'DELETE',
    path: '/api/cpd/categories/:id/',
    params: ZIdParams,
    response: null,
    errors,
    summary:
      'Delete a category: its entries stay in the ledger, uncategorised (they still count toward the target)',
    access: admins,
    tags,
  }),
  summary: defineOperation({
    method: 'GET',
    path: '/api/cpd/summary/',
    query: ZCpdSummaryQuery,
    response: ZCpdSummary,
    errors,
    summary:
      'Progress in the current cycle: total against the target, per category against its minimum, carried over, pending, and the last cycles',
    access: readers,
    tags,
  }),
  entries: defineOperation({
    method: 'GET',
    path: '/api/cpd/entries/',
    query: ZCpdEntryQuery,
    response: ZCpdEntryPage,
    errors,
    summary: 'The ledger, newest completion first (filtered by cycle and status)',
    access: readers,
    tags,
  }),
  addExternal: defineOperation({
    method: 'POST',
    path: '/api/cpd/entries/',
    body: 'multipart',
    response: ZCpdEntry,
    status: 201,
    errors: [...errors, 409, 413, 415],
    summary:
      'Add external CPD (multipart: title, category, value, unit, completed_at, reflection, evidence: pdf, png, jpg, docx); pending until approved',
    access: 'Signed in with the /cpd menu permission (their own ledger)',
    tags,
  }),
  withdraw: defineOperation({
    method: 'DELETE',
    path: '/api/cpd/entries/:id/',
    params: ZIdParams,
    response: null,
    errors: [...errors, 409],
    summary: 'Withdraw one’s own external entry while it waits for approval',
    access: 'The learner who added it',
    tags,
  }),
  evidence: defineOperation({
    method: 'GET',
    path: '/api/cpd/entries/:id/evidence/',
    params: ZIdParams,
    response: 'binary',
    errors,
    summary: 'Download an external entry’s evidence',
    access: 'Its learner, and the admins of their organisation',
    tags,
  }),
  exportLedger: defineOperation({
    method: 'GET',
    path: '/api/cpd/export/',
    query: ZCpdExportQuery,
    response: 'binary',
    errors,
    summary: 'The ledger of a cycle for auditors, as XLSX or PDF: user, scheme, entries, totals',
    access: readers,
    tags,
  }),
};
