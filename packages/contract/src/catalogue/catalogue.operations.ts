import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { defineOperation, form } from '../core/operation.ts';
import { zPage } from '../core/pagination.ts';
import { ZAssignedCoursesQuery } from '../learning/learning.ts';
import {
  ZCatalogueQuery,
  ZCategory,
  ZCategoryInput,
  ZCategoryPatch,
  ZCategoryQuery,
  ZConfigOptions,
  ZConfigOptionsResult,
  ZConfigTexts,
  ZConfigTextsResult,
  ZCourse,
  ZCourseDashboard,
  ZCourseDetail,
  ZCourseImportResult,
  ZCourseInput,
  ZCoursePatch,
  ZFilterTypeQuery,
  ZPublish,
} from './catalogue.ts';
import { catalogueContentOps } from './catalogue-content.operations.ts';

const tags = ['courses'];
const errors = [400, 401, 403, 404, 409, 413, 415] as const;
const listErrors = [400, 401, 403] as const;
const id = z.object({ id: zIdParam });
const message = z.object({ message: z.string() });
const coursePage = zPage(ZCourse);

const signedIn = 'Signed in; what they see is the course visibility rule (canSee)';
const authors =
  'Admins and trainers with the Courses menu; which course: the editability rule (editableCourseFor)';
const admins = 'Admins with the Courses menu';

/** Defining courses: the catalogue lists, courses, categories, modules, files, import, settings. */
export const catalogueOps = {
  ...catalogueContentOps,
  // ── The catalogue lists: what the caller may see, narrowed by each list's condition ──
  list: defineOperation({
    method: 'GET',
    path: '/api/courses/',
    query: ZCatalogueQuery,
    response: coursePage,
    errors: listErrors,
    summary: 'Courses the caller may see (same as get-courses/)',
    access: signedIn,
    tags,
  }),
  catalogue: defineOperation({
    method: 'GET',
    path: '/api/courses/get-courses/',
    query: ZCatalogueQuery,
    response: coursePage,
    errors: listErrors,
    summary:
      'The catalogue: search (title substring), category, level, language, tag, status, ordering, page',
    access: signedIn,
    tags,
  }),
  assigned: defineOperation({
    method: 'GET',
    path: '/api/courses/get-all-assign-courses/',
    query: ZAssignedCoursesQuery,
    response: coursePage,
    errors: listErrors,
    summary:
      'Courses the caller is enrolled in (or completed), with their enrolment; enrolment_status narrows to one of them',
    access: signedIn,
    tags,
  }),
  unassigned: defineOperation({
    method: 'GET',
    path: '/api/courses/get-all-unassign-courses/',
    query: ZCatalogueQuery,
    response: coursePage,
    errors: listErrors,
    summary:
      "Published courses the caller is not enrolled in (nor completed), each with the caller's pending or rejected request as enrolment",
    access: signedIn,
    tags,
  }),
  bySuperadmin: defineOperation({
    method: 'GET',
    path: '/api/courses/get-created_by_superadmin-courses/',
    query: ZCatalogueQuery,
    response: coursePage,
    errors: listErrors,
    summary: 'Courses authored by a superadmin',
    access: signedIn,
    tags,
  }),
  cpd: defineOperation({
    method: 'GET',
    path: '/api/courses/get_cpd_courses/',
    query: ZCatalogueQuery,
    response: coursePage,
    errors: listErrors,
    summary: 'CPD courses',
    access: signedIn,
    tags,
  }),
  created: defineOperation({
    method: 'GET',
    path: '/api/courses/get-all-created-courses/',
    query: ZCatalogueQuery,
    response: coursePage,
    errors: listErrors,
    summary: 'Courses the caller created',
    access: signedIn,
    tags,
  }),
  byType: defineOperation({
    method: 'GET',
    path: '/api/courses/filter_type/',
    query: ZFilterTypeQuery,
    response: coursePage,
    errors: listErrors,
    summary:
      'The catalogue by type: all, published, draft, pending, cpd or mine (created by the caller)',
    access: signedIn,
    tags,
  }),

  // ── Courses ──
  create: defineOperation({
    method: 'POST',
    path: '/api/courses/',
    body: form(ZCourseInput),
    response: ZCourse,
    status: 201,
    errors,
    summary:
      'Create a course as a draft (JSON, or multipart with an optional `image` png/jpg/webp ≤ 2 MB); the description is sanitised',
    access: authors,
    tags,
  }),
  detail: defineOperation({
    method: 'GET',
    path: '/api/courses/:id/',
    params: id,
    response: ZCourseDetail,
    errors,
    summary: 'Course detail: the course (with its category), modules with files in order, counts',
    access: signedIn,
    tags,
  }),
  update: defineOperation({
    method: 'PATCH',
    path: '/api/courses/:id/',
    params: id,
    body: form(ZCoursePatch),
    response: ZCourse,
    errors,
    summary:
      'Change a course within the editability rule (JSON or multipart); status changes only through published/{id}/',
    access: authors,
    tags,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/courses/:id/',
    params: id,
    response: message,
    errors,
    summary: 'Delete a course (refused with 409 while learners are enrolled)',
    access: authors,
    tags,
  }),
  image: defineOperation({
    method: 'GET',
    path: '/api/courses/:id/image/',
    params: id,
    response: 'binary',
    summary: 'The course image',
    access: signedIn,
    tags,
  }),
  publish: defineOperation({
    method: 'PATCH',
    path: '/api/courses/published/:id/',
    params: id,
    body: ZPublish,
    response: ZCourse,
    errors,
    summary:
      'Change the status: trainers submit (pending) or withdraw (draft) their course; admins publish, unpublish or send back',
    access: authors,
    tags,
  }),
  dashboard: defineOperation({
    method: 'GET',
    path: '/api/courses/admin-dashboard/',
    response: ZCourseDashboard,
    errors,
    summary:
      'Counts for the admin dashboard: courses by status, categories, enrolments, completions',
    access: 'Admins',
    tags,
  }),

  // ── Categories ──
  categories: defineOperation({
    method: 'GET',
    path: '/api/courses/categories/',
    query: ZCategoryQuery,
    response: zPage(ZCategory),
    errors,
    summary: "The organisation's course categories (search by name), with course counts",
    access: "Signed in; their organisation's categories",
    tags,
  }),
  category: defineOperation({
    method: 'GET',
    path: '/api/courses/categories/:id/',
    params: id,
    response: ZCategory,
    errors,
    summary: 'One course category of the organisation, with its course count',
    access: "Signed in; their organisation's categories",
    tags,
  }),
  categoryCreate: defineOperation({
    method: 'POST',
    path: '/api/courses/categories/',
    body: form(ZCategoryInput),
    response: ZCategory,
    status: 201,
    errors,
    summary:
      'Add a category (multipart: name, description, optional `image` png/jpg/webp ≤ 2 MB; or JSON)',
    access: admins,
    tags,
  }),
  categoryUpdate: defineOperation({
    method: 'PATCH',
    path: '/api/courses/categories/:id/',
    params: id,
    body: form(ZCategoryPatch),
    response: ZCategory,
    errors,
    summary: 'Change a category (multipart or JSON; `remove_image` drops the image)',
    access: admins,
    tags,
  }),
  categoryRemove: defineOperation({
    method: 'DELETE',
    path: '/api/courses/categories/:id/',
    params: id,
    response: message,
    errors,
    summary: 'Delete a category (refused with 409 naming how many courses use it)',
    access: admins,
    tags,
  }),
  categoryImage: defineOperation({
    method: 'GET',
    path: '/api/courses/categories/:id/image/',
    params: id,
    response: 'binary',
    summary: 'The category image',
    access: "Signed in; their organisation's categories",
    tags,
  }),

  // ── Import and organisation-wide settings ──
  import: defineOperation({
    method: 'POST',
    path: '/api/courses/course_import_by_file_upload/',
    body: 'multipart',
    response: ZCourseImportResult,
    status: 201,
    errors: [400, 401, 403, 413, 415],
    summary:
      'Import draft courses with modules from CSV or XLSX (field `file`; columns course_title, category, level, description, module_title, module_description; one row per module): all rows valid, or nothing is written',
    access: admins,
    tags,
  }),
  configTexts: defineOperation({
    method: 'GET',
    path: '/api/courses/course-configuration-text/',
    response: ZConfigTextsResult,
    errors: listErrors,
    summary: 'Course configuration texts of the organisation',
    access: "Signed in; their organisation's",
    tags,
  }),
  setConfigTexts: defineOperation({
    method: 'POST',
    path: '/api/courses/course-configuration-text/',
    body: ZConfigTexts,
    response: ZConfigTextsResult,
    errors: listErrors,
    summary: 'Set course configuration texts: keys are merged, null removes a key (≤ 50 keys)',
    access: admins,
    tags,
  }),
  configOptions: defineOperation({
    method: 'GET',
    path: '/api/courses/course-configuration-options/',
    response: ZConfigOptionsResult,
    errors: listErrors,
    summary: 'Course configuration options of the organisation',
    access: "Signed in; their organisation's",
    tags,
  }),
  setConfigOptions: defineOperation({
    method: 'POST',
    path: '/api/courses/course-configuration-options/',
    body: ZConfigOptions,
    response: ZConfigOptionsResult,
    errors: listErrors,
    summary:
      'Set course configuration options (boolean, number or short text): merged, null removes',
    access: admins,
    tags,
  }),
};
