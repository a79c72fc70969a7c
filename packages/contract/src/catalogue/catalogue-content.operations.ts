import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import { zPage } from '../core/pagination.ts';
import {
  ZFileCheck,
  ZFileRepoQuery,
  ZModule,
  ZModuleFileAttach,
  ZModuleFilePatch,
  ZModuleInput,
  ZModulePatch,
  ZReorder,
  ZRepositoryFile,
  ZRepositoryRename,
} from './catalogue.ts';

// The catalogue's content operations, apart from catalogue.operations.ts to keep each file short;
// catalogueOps includes them, so callers see one set.
const tags = ['courses'];
const errors = [400, 401, 403, 404, 409, 413, 415] as const;
const moduleErrors = [400, 401, 403, 404, 409] as const;
const id = z.object({ id: zIdParam });
const courseId = z.object({ courseId: zIdParam });
const message = z.object({ message: z.string() });
const signedIn = 'Signed in; what they see is the course visibility rule (canSee)';
const authors =
  'Admins and trainers with the Courses menu; which course: the editability rule (editableCourseFor)';
const library = "Admins and trainers with the Courses menu (the authors' library)";

/** A course's modules with their files, and the file repository they draw from. */
export const catalogueContentOps = {
  // ── Modules and their files ──
  modules: defineOperation({
    method: 'GET',
    path: '/api/courses/:courseId/modules/',
    params: courseId,
    response: z.array(ZModule),
    errors: moduleErrors,
    summary: 'Modules of a course in order, each with its files in order',
    access: signedIn,
    tags,
  }),
  moduleCreate: defineOperation({
    method: 'POST',
    path: '/api/courses/:courseId/modules/',
    params: courseId,
    body: ZModuleInput,
    response: ZModule,
    status: 201,
    errors: moduleErrors,
    summary: 'Add a module at the end of the course',
    access: authors,
    tags,
  }),
  modulesReorder: defineOperation({
    method: 'PATCH',
    path: '/api/courses/:courseId/modules/',
    params: courseId,
    body: ZReorder,
    response: z.array(ZModule),
    errors: moduleErrors,
    summary:
      'Reorder the modules (drag and drop): `order` lists every module id of the course in its new order',
    access: authors,
    tags,
  }),
  module: defineOperation({
    method: 'GET',
    path: '/api/courses/modules/:id/',
    params: id,
    response: ZModule,
    errors: moduleErrors,
    summary: 'One module with its files (file items: file, sco_id, name)',
    access: signedIn,
    tags,
  }),
  moduleUpdate: defineOperation({
    method: 'PATCH',
    path: '/api/courses/modules/:id/',
    params: id,
    body: ZModulePatch,
    response: ZModule,
    errors: moduleErrors,
    summary: "Rename or describe a module (reorder through the course's modules/)",
    access: authors,
    tags,
  }),
  moduleRemove: defineOperation({
    method: 'DELETE',
    path: '/api/courses/modules/:id/',
    params: id,
    response: message,
    errors: moduleErrors,
    summary: 'Delete a module (its file items go with it; the repository files stay)',
    access: authors,
    tags,
  }),
  moduleFileAttach: defineOperation({
    method: 'POST',
    path: '/api/courses/modules/:id/files/',
    params: id,
    body: ZModuleFileAttach,
    response: ZModule,
    status: 201,
    errors: moduleErrors,
    summary: 'Attach a repository file to the module (appended at the end)',
    access: authors,
    tags,
  }),
  moduleFilesReorder: defineOperation({
    method: 'PATCH',
    path: '/api/courses/modules/:id/files/',
    params: id,
    body: ZReorder,
    response: ZModule,
    errors: moduleErrors,
    summary: 'Reorder the files of a module: `order` lists every file item id in its new order',
    access: authors,
    tags,
  }),
  moduleFileUpdate: defineOperation({
    method: 'PATCH',
    path: '/api/courses/modules/:id/files/:itemId/',
    params: id.extend({ itemId: zIdParam }),
    body: ZModuleFilePatch,
    response: ZModule,
    errors: moduleErrors,
    summary: 'Mark a file item required (counts towards completion) or optional',
    access: authors,
    tags,
  }),
  moduleFileDetach: defineOperation({
    method: 'DELETE',
    path: '/api/courses/modules/:id/files/:itemId/',
    params: id.extend({ itemId: zIdParam }),
    response: ZModule,
    errors: moduleErrors,
    summary: 'Detach a file item from the module',
    access: authors,
    tags,
  }),

  // ── The file repository ──
  files: defineOperation({
    method: 'GET',
    path: '/api/courses/file-repo/',
    query: ZFileRepoQuery,
    response: zPage(ZRepositoryFile),
    errors,
    summary: "The organisation's file repository (file_type=catalogue), newest first",
    access: library,
    tags,
  }),
  fileUpload: defineOperation({
    method: 'POST',
    path: '/api/courses/file-repo/',
    body: 'multipart',
    response: ZRepositoryFile,
    status: 201,
    errors,
    summary:
      'Upload a file (multipart `file`, optional `name` before it): pdf; mp4/webm/mov; png/jpg/webp/gif; doc/docx/ppt/pptx/xls/xlsx/odt; mp3/wav; zip (SCORM)',
    access: library,
    tags,
  }),
  fileCheck: defineOperation({
    method: 'POST',
    path: '/api/courses/test-file-repo/',
    body: 'multipart',
    response: ZFileCheck,
    errors,
    summary: 'Check an upload without storing it: the kind it would be, or the error',
    access: library,
    tags,
  }),
  fileRename: defineOperation({
    method: 'PATCH',
    path: '/api/courses/file-repo/:id/',
    params: id,
    body: ZRepositoryRename,
    response: ZRepositoryFile,
    errors,
    summary: 'Rename a repository file',
    access: library,
    tags,
  }),
  fileRemove: defineOperation({
    method: 'DELETE',
    path: '/api/courses/file-repo/:id/',
    params: id,
    response: message,
    errors,
    summary: 'Delete a repository file (refused with 409 while a module uses it)',
    access: library,
    tags,
  }),
  fileDownload: defineOperation({
    method: 'GET',
    path: '/api/courses/file-repo/:id/download/',
    params: id,
    query: z.object({ download: z.enum(['0', '1']).optional() }),
    response: 'binary',
    summary:
      'Stream a repository file to someone who manages the repository or may see a course using it (`?download=1`: as an attachment)',
    access: 'Signed in; those who manage the repository or may see a course using the file',
    tags,
  }),
};
