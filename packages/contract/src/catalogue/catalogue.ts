import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';
import { alnumSpaces } from '../core/validators.ts';
import { COURSE_VISIBILITIES } from './course-changes.ts';
import { ITEM_STATUSES } from './editability.ts';

/* The course catalogue of spec §7 (/api/courses/): categories, courses, modules, file repository. */

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const COURSE_STATUSES = ITEM_STATUSES;

// ---------- helpers for forms that arrive as multipart (strings) or JSON ----------
const blankToNull = (v: unknown) => (v === '' || v === 'null' ? null : v);
const flag = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 'on') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  return v;
}, z.boolean());
const tagList = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        return JSON.parse(s);
      } catch {
        return v;
      }
    }
    return s === '' ? [] : s.split(',');
  },
  z
    .array(plainText().trim().min(1).max(40, 'A tag must be at most 40 characters.'))
    .max(20, 'At most 20 tags.')
    .transform((tags) => [...new Set(tags.map((t) => t.toLowerCase()))]),
);

// ---------- categories ----------
export const CATEGORY_IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'webp'] as const;
export const CATEGORY_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const COURSE_IMAGE_TYPES = CATEGORY_IMAGE_TYPES;
export const COURSE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** categories/ POST (multipart with an optional `image` file, or JSON). */
export const ZCategoryInput = z.strictObject({
  name: alnumSpaces('category name', 120),
  description: plainText().trim().max(2000).default(''),
});
export const ZCategoryPatch = ZCategoryInput.partial().extend({
  /** 'true' removes the image. */
  remove_image: flag.optional(),
});
export type TCategoryInput = z.infer<typeof ZCategoryInput>;

export const ZCategory = z.object({
  id: z.number().int(),
  organization: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  course_count: z.number().int(),
  created_at: z.string(),
});
export type TCategory = z.infer<typeof ZCategory>;
export const ZCategoryQuery = ZPageQuery.extend({ search: z.string().trim().max(100).optional() });

// ---------- courses ----------
const optionalCategory = z.preprocess(blankToNull, zIdParam.nullable());
const courseFields = {
  title: plainText().trim().min(1, 'Enter the course title.').max(200),
  /** Rich text (HTML), the only rich field: sanitised on the server, never refused. */
  description: z.string().max(100_000).default(''),
  category: optionalCategory.optional(),
  level: z.enum(COURSE_LEVELS).default('beginner'),
  /** Minutes. */
  duration: z
    .preprocess(blankToNull, z.coerce.number().int().min(0).max(100_000).nullable())
    .optional(),
  language: z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Use a language code such as en or pt-BR.')
        .nullable(),
    )
    .optional(),
  tags: tagList.default([]),
  visibility: z.enum(COURSE_VISIBILITIES).default('organisation'),
  self_enrol: flag.default(true),
  is_cpd: flag.default(false),
  cpd_hours: z.preprocess(blankToNull, z.coerce.number().min(0).max(9999).nullable()).optional(),
};
/** Root POST (JSON, or multipart with an optional `image`). Status is never set here. */
export const ZCourseInput = z.strictObject(courseFields);
export type TCourseInput = z.infer<typeof ZCourseInput>;
/** {id}/ PATCH: any subset; status changes only through published/{id}/. */
export const ZCoursePatch = z.strictObject({
  title: courseFields.title.optional(),
  description: z.string().max(100_000).optional(),
  category: optionalCategory.optional(),
  level: z.enum(COURSE_LEVELS).optional(),
  duration: courseFields.duration,
  language: courseFields.language,
  tags: tagList.optional(),
  visibility: z.enum(COURSE_VISIBILITIES).optional(),
  self_enrol: flag.optional(),
  is_cpd: flag.optional(),
  cpd_hours: courseFields.cpd_hours,
  remove_image: flag.optional(),
});
export type TCoursePatch = z.infer<typeof ZCoursePatch>;

/**
 * What the caller may do to a course, computed on the server by the catalogue's policy (the same
 * predicates that refuse the calls): the web shows or hides actions from it and never derives
 * the rules itself. The status moves are what published/{id}/ accepts; the web picks among them
 * the ones its screens offer.
 */
export const ZCourseAbilities = z.object({
  /** Change its text and settings (spec §4 editability, organisation, authorship). */
  edit: z.boolean(),
  delete: z.boolean(),
  /** Manage its learners, enrolment requests, FAQs, assignments and reports. */
  manage: z.boolean(),
  /** Move it to published. */
  publish: z.boolean(),
  /** Move it to pending (review). */
  submit_for_review: z.boolean(),
  /** Move it back to draft (unpublish, send back, withdraw). */
  return_to_draft: z.boolean(),
  /** Changes past an admin's review (contract canChangeCourse), for someone who may edit. */
  widen_visibility: z.boolean(),
  add_content: z.boolean(),
  /** Ask to join it (a learner of its organisation; published; takes requests). */
  request_enrolment: z.boolean(),
});
export type TCourseAbilities = z.infer<typeof ZCourseAbilities>;

const ZRef = z.object({ id: z.number().int(), name: z.string() });
export const ZCourse = z.object({
  id: z.number().int(),
  organization: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  category: ZRef.nullable(),
  level: z.enum(COURSE_LEVELS),
  duration: z.number().int().nullable(),
  language: z.string().nullable(),
  tags: z.array(z.string()),
  visibility: z.enum(COURSE_VISIBILITIES),
  status: z.enum(COURSE_STATUSES),
  self_enrol: z.boolean(),
  is_cpd: z.boolean(),
  cpd_hours: z.number().nullable(),
  created_by: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  module_count: z.number().int(),
  /** Whether the caller may edit it: abilities.edit, kept for the clients that read it. */
  can_edit: z.boolean(),
  abilities: ZCourseAbilities,
  /** The caller's enrolment, on get-all-assign-courses/ only. */
  enrolment: z
    .object({
      status: z.string(),
      progress_percent: z.number().int(),
      completed_at: z.string().nullable(),
    })
    .optional(),
});
export type TCourse = z.infer<typeof ZCourse>;

export const COURSE_ORDERINGS = [
  '-created_at',
  'created_at',
  'title',
  '-title',
  '-published_at',
] as const;
export const FILTER_TYPES = ['all', 'published', 'draft', 'pending', 'cpd', 'mine'] as const;
export const ZCatalogueQuery = ZPageQuery.extend({
  /** Substring of the title (trigram index on lower(title)). */
  search: z.string().trim().max(100).optional(),
  category: zIdParam.optional(),
  level: z.enum(COURSE_LEVELS).optional(),
  language: z.string().trim().max(10).optional(),
  tag: z.string().trim().toLowerCase().max(40).optional(),
  /** Narrows what the caller may already see (learners only see published courses anyway). */
  status: z.enum(COURSE_STATUSES).optional(),
  ordering: z.enum(COURSE_ORDERINGS).default('-created_at'),
});
export type TCatalogueQuery = z.input<typeof ZCatalogueQuery>;
export const ZFilterTypeQuery = ZCatalogueQuery.extend({
  type: z.enum(FILTER_TYPES).default('all'),
});

/** published/{id}/: trainers submit (pending) or withdraw (draft); admins publish or unpublish. */
export const ZPublish = z.strictObject({ status: z.enum(['pending', 'published', 'draft']) });

// ---------- modules and files ----------
export const ZModuleFileItem = z.object({
  /** module_files id: use it to reorder or detach. */
  id: z.number().int(),
  /** URL that streams the file. */
  file: z.string(),
  sco_id: z.string().nullable(),
  name: z.string(),
  file_id: z.number().int(),
  kind: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  position: z.number().int(),
  required: z.boolean(),
});
export type TModuleFileItem = z.infer<typeof ZModuleFileItem>;
export const ZModule = z.object({
  id: z.number().int(),
  course: z.number().int(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
  files: z.array(ZModuleFileItem),
});
export type TModule = z.infer<typeof ZModule>;
export const ZModuleInput = z.strictObject({
  title: plainText().trim().min(1, 'Enter the module title.').max(200),
  description: plainText().max(20_000).default(''),
});
export const ZModulePatch = ZModuleInput.partial();
/** PATCH {courseId}/modules/ and modules/{id}/files/: the complete list of ids in the new order. */
export const ZReorder = z.strictObject({
  order: z.array(zId).min(1).max(1000),
});
export const ZModuleFileAttach = z.strictObject({
  /** A repository file id. */
  file: zId,
  required: z.boolean().default(true),
  sco_id: z.string().trim().max(255).nullable().default(null),
});

/** PATCH modules/{id}/files/{itemId}/: whether the file counts towards completion. */
export const ZModuleFilePatch = z.strictObject({ required: z.boolean() });

export const ZCourseDetail = z.object({
  course: ZCourse,
  modules: z.array(ZModule),
  counts: z.object({
    modules: z.number().int(),
    files: z.number().int(),
    enrolled: z.number().int(),
    completed: z.number().int(),
    reviews: z.number().int(),
  }),
});
export type TCourseDetail = z.infer<typeof ZCourseDetail>;

// ---------- file repository ----------
/** Spec §5: per kind, never empty. Deep SCORM checks come later. */
export const FILE_KINDS = {
  pdf: ['pdf'],
  video: ['mp4', 'webm', 'mov'],
  image: ['png', 'jpg', 'jpeg', 'webp', 'gif'],
  document: ['doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx', 'odt'],
  audio: ['mp3', 'wav'],
  scorm: ['zip'],
  /** AR/VR scenes: made in the studio (features/xr), never uploaded here. */
  xr: [],
} as const;
export type TFileKind = keyof typeof FILE_KINDS;
export const REPOSITORY_ALLOWED_TYPES: readonly string[] = Object.values(FILE_KINDS).flat();
export function fileKindOf(extension: string): TFileKind | null {
  const ext = extension.toLowerCase();
  for (const [kind, list] of Object.entries(FILE_KINDS))
    if ((list as readonly string[]).includes(ext)) return kind as TFileKind;
  return null;
}

export const ZRepositoryFile = z.object({
  id: z.number().int(),
  name: z.string(),
  file_type: z.string(),
  kind: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  file: z.string(),
  uploaded_by: z.number().int().nullable(),
  used_by_modules: z.number().int(),
  created_at: z.string(),
});
export type TRepositoryFile = z.infer<typeof ZRepositoryFile>;
export const ZFileRepoQuery = ZPageQuery.extend({
  file_type: z.enum(['catalogue']).default('catalogue'),
  kind: z.enum(Object.keys(FILE_KINDS) as [TFileKind, ...TFileKind[]]).optional(),
  search: z.string().trim().max(100).optional(),
});
export const ZRepositoryRename = z.strictObject({ name: plainText().trim().min(1).max(255) });
export const ZFileCheck = z.object({
  name: z.string(),
  kind: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});

// ---------- dashboard, settings, import ----------
export const ZCourseDashboard = z.object({
  courses: z.object({
    total: z.number().int(),
    draft: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    published: z.number().int(),
  }),
  categories: z.number().int(),
  enrolments: z.number().int(),
  completions: z.number().int(),
});
export type TCourseDashboard = z.infer<typeof ZCourseDashboard>;
const settingKey = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'Keys are lower-case words with _.');
/** Merged into the stored texts; null removes a key. At most 50 keys are stored. */
export const ZConfigTexts = z
  .record(settingKey, plainText().max(5000).nullable())
  .refine((r) => Object.keys(r).length <= 50, 'At most 50 keys.');
export const ZConfigOptions = z
  .record(settingKey, z.union([z.boolean(), z.number().finite(), z.string().max(500)]).nullable())
  .refine((r) => Object.keys(r).length <= 50, 'At most 50 keys.');
export const ZConfigTextsResult = z.record(z.string(), z.string());
export const ZConfigOptionsResult = z.record(
  z.string(),
  z.union([z.boolean(), z.number(), z.string()]),
);

export const COURSE_IMPORT_COLUMNS = [
  'course_title',
  'category',
  'level',
  'description',
  'module_title',
  'module_description',
] as const;
export const COURSE_IMPORT_MAX_ROWS = 10_000;
export const ZCourseImportResult = z.object({
  courses: z.number().int(),
  modules: z.number().int(),
  message: z.string(),
});
