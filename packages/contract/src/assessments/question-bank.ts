import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';
import { QUESTION_TYPES, ZQuestionDefinition } from './question-types.ts';

/**
 * The question bank (issue 16, spec §7 Assessments `question/bank/`, `question/{id}`): an
 * organisation's questions, filed in categories (a tree) and tagged, each a series of versions.
 * The definition (what is asked, the key, feedback) is the question-type union of
 * question-types.ts; title, category, tags and status belong to the question, not a version.
 */

const blankToNull = (v: unknown) => (v === '' || v === 'null' ? null : v);
const name = plainText().trim().min(1, 'This field may not be blank.').max(120);
const title = plainText().trim().min(1, 'This field may not be blank.').max(200);
const tag = plainText().trim().toLowerCase().min(1, 'A tag may not be blank.').max(50);
/** At most 20 tags, compared without case (stored lower-cased, each once). */
const tags = z
  .array(tag)
  .max(20, 'At most 20 tags.')
  .transform((list) => [...new Set(list)]);

export const QUESTION_STATUSES = ['active', 'archived'] as const;
export type TQuestionStatus = (typeof QUESTION_STATUSES)[number];

const ZPerson = z.object({ id: z.number().int(), fullname: z.string() }).nullable();

// ── Categories ─────────────────────────────────────────────────────────

export const ZQuestionCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The parent category, null at the top of the tree. */
  parent: z.number().int().nullable(),
  question_count: z.number().int(),
  created_at: z.string(),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type TQuestionCategory = z.infer<typeof ZQuestionCategory>;
export const ZQuestionCategoryPage = zPage(ZQuestionCategory);

export const ZQuestionCategoryInput = z.strictObject({
  name,
  parent: z.preprocess(blankToNull, zId.nullable()).optional(),
});
export type TQuestionCategoryInput = z.infer<typeof ZQuestionCategoryInput>;
/** Rename or move: a category may not move under itself or one of its descendants. */
export const ZQuestionCategoryUpdate = z.strictObject({
  name: name.optional(),
  parent: z.preprocess(blankToNull, zId.nullable()).optional(),
});
export type TQuestionCategoryUpdate = z.infer<typeof ZQuestionCategoryUpdate>;

export const ZQuestionCategoryQuery = ZPageQuery.extend({
  /** Only the children of this category; `parent=` (empty) lists the top level. */
  parent: z.preprocess(blankToNull, zIdParam.nullable()).optional(),
});

// ── Questions ──────────────────────────────────────────────────────────

export const ZBankQuestionAbilities = z.object({
  edit: z.boolean(),
  /** Delete, or archive when some version has been answered. */
  delete: z.boolean(),
});
export type TBankQuestionAbilities = z.infer<typeof ZBankQuestionAbilities>;

export const ZBankQuestion = z.object({
  id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  title: z.string(),
  category: z.number().int().nullable(),
  category_name: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.enum(QUESTION_STATUSES),
  /** The current version's number. */
  version: z.number().int(),
  /** Whether the current version has been answered (an edit will then make a new version). */
  used: z.boolean(),
  created_by: ZPerson,
  updated_by: ZPerson,
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZBankQuestionAbilities,
});
export type TBankQuestion = z.infer<typeof ZBankQuestion>;
export const ZBankQuestionPage = zPage(ZBankQuestion);

/** One question with its current version's definition. */
export const ZBankQuestionDetail = ZBankQuestion.extend({ definition: ZQuestionDefinition });
export type TBankQuestionDetail = z.infer<typeof ZBankQuestionDetail>;

export const ZBankQuestionInput = z.strictObject({
  title,
  category: z.preprocess(blankToNull, zId.nullable()).optional(),
  tags: tags.default([]),
  definition: ZQuestionDefinition,
});
export type TBankQuestionInput = z.infer<typeof ZBankQuestionInput>;

/**
 * Any subset. A new definition replaces the current version in place while it is unanswered,
 * and becomes version N+1 once it has been answered; `status: active` restores an archived one.
 */
export const ZBankQuestionUpdate = z.strictObject({
  title: title.optional(),
  category: z.preprocess(blankToNull, zId.nullable()).optional(),
  tags: tags.optional(),
  definition: ZQuestionDefinition.optional(),
  status: z.enum(QUESTION_STATUSES).optional(),
});
export type TBankQuestionUpdate = z.infer<typeof ZBankQuestionUpdate>;

export const ZBankQuestionQuery = ZPageQuery.extend({
  /** This category and every category under it. */
  category: zIdParam.optional(),
  tag: tag.optional(),
  type: z.enum(QUESTION_TYPES).optional(),
  /** A substring of the title or the current version's stem. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(QUESTION_STATUSES).default('active'),
});
export type TBankQuestionQuery = z.infer<typeof ZBankQuestionQuery>;

export const ZBankQuestionVersion = z.object({
  version: z.number().int(),
  definition: ZQuestionDefinition,
  used: z.boolean(),
  current: z.boolean(),
  created_by: ZPerson,
  created_at: z.string(),
});
export type TBankQuestionVersion = z.infer<typeof ZBankQuestionVersion>;
export const ZBankQuestionVersionPage = zPage(ZBankQuestionVersion);

/** DELETE question/{id}/: a question never answered is deleted, one answered is archived. */
export const ZBankQuestionRemoval = z.object({ result: z.enum(['deleted', 'archived']) });
export type TBankQuestionRemoval = z.infer<typeof ZBankQuestionRemoval>;
