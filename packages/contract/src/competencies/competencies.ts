import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Competencies (spec §2 /competency, §7 Other: competency, competency_course,
 * competency_framework, threshold; issue 21). An organisation's frameworks hold a tree of
 * competencies and one proficiency scale; thresholds say the level expected (for everyone, a
 * department or a designation); links tie a competency to a course, an assessment or a classroom
 * topic with the outcome their completion gives. Evidence arrives by events or from staff; a
 * person's proficiency in a competency is the highest level any "complete" evidence rated.
 */

export const COMPETENCY_CODE_MAX = 60;
export const COMPETENCY_NAME_MAX = 200;
export const COMPETENCY_DESCRIPTION_MAX = 2_000;
export const COMPETENCY_FRAMEWORK_SOURCES = ['manual', 'csv', 'case'] as const;
export const COMPETENCY_SCALE_MAX_LEVELS = 10;
/** Competencies one framework may hold (the editor loads the whole tree). */
export const COMPETENCY_FRAMEWORK_MAX = 2_000;
/** An import's text (CSV) or document (CASE JSON), in characters. */
export const COMPETENCY_IMPORT_MAX_CHARS = 1_000_000;
export const COMPETENCY_LINK_TARGETS = ['course', 'assessment', 'classroom_topic'] as const;
export type TCompetencyLinkTarget = (typeof COMPETENCY_LINK_TARGETS)[number];
/** "evidence" records evidence at the level; "complete" also rates the person at it. */
export const COMPETENCY_OUTCOMES = ['evidence', 'complete'] as const;
export type TCompetencyOutcome = (typeof COMPETENCY_OUTCOMES)[number];
export const COMPETENCY_EVIDENCE_NOTE_MAX = 1_000;

const code = plainText(z.string().trim().min(1, 'Enter a code.').max(COMPETENCY_CODE_MAX));
const name = plainText(z.string().trim().min(1, 'Enter a name.').max(COMPETENCY_NAME_MAX));
const description = plainText(z.string().trim().max(COMPETENCY_DESCRIPTION_MAX));
const level = z.number().int().min(1).max(COMPETENCY_SCALE_MAX_LEVELS);

export const ZCompetencyScaleLevel = z.object({ level, name });
export type TCompetencyScaleLevel = z.infer<typeof ZCompetencyScaleLevel>;

/** Levels 1..n in order, each named once. */
export const ZCompetencyScale = z
  .array(ZCompetencyScaleLevel)
  .min(1, 'A scale needs at least one level.')
  .max(COMPETENCY_SCALE_MAX_LEVELS)
  .refine(
    (s) => s.every((l, i) => l.level === i + 1),
    'Levels must be numbered 1, 2, 3… in order.',
  );

export const DEFAULT_COMPETENCY_SCALE: TCompetencyScaleLevel[] = [
  { level: 1, name: 'Aware' },
  { level: 2, name: 'Practitioner' },
  { level: 3, name: 'Advanced' },
  { level: 4, name: 'Expert' },
];

export const ZCompetencyFrameworkAbilities = z.object({ edit: z.boolean(), delete: z.boolean() });

export const ZCompetencyFramework = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  source: z.enum(COMPETENCY_FRAMEWORK_SOURCES),
  scale: z.array(ZCompetencyScaleLevel),
  competency_count: z.number().int(),
  updated_at: z.string(),
  abilities: ZCompetencyFrameworkAbilities,
});
export type TCompetencyFramework = z.infer<typeof ZCompetencyFramework>;

export const ZCompetencyFrameworkPage = zPage(ZCompetencyFramework).extend({
  abilities: z.object({ create: z.boolean() }),
});
export type TCompetencyFrameworkPage = z.infer<typeof ZCompetencyFrameworkPage>;

export const ZCompetencyFrameworkCreate = z.object({
  name,
  description: description.default(''),
  scale: ZCompetencyScale.default(DEFAULT_COMPETENCY_SCALE),
});
export type TCompetencyFrameworkCreate = z.infer<typeof ZCompetencyFrameworkCreate>;
export const ZCompetencyFrameworkUpdate = z.object({
  name: name.optional(),
  description: description.optional(),
  scale: ZCompetencyScale.optional(),
});
export type TCompetencyFrameworkUpdate = z.infer<typeof ZCompetencyFrameworkUpdate>;

export const ZCompetency = z.object({
  id: z.number().int(),
  framework_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
});
export type TCompetency = z.infer<typeof ZCompetency>;

/** A framework with its whole tree (flat, parents before children) and thresholds. */
export const ZCompetencyFrameworkDetail = ZCompetencyFramework.extend({
  competencies: z.array(ZCompetency),
});
export type TCompetencyFrameworkDetail = z.infer<typeof ZCompetencyFrameworkDetail>;

export const ZCompetencyCreate = z.object({
  framework_id: zId,
  parent_id: zId.nullable().default(null),
  code,
  name,
  description: description.default(''),
});
export type TCompetencyCreate = z.infer<typeof ZCompetencyCreate>;
/** parent_id moves the competency (null: to the top); never under itself or its descendants. */
export const ZCompetencyUpdate = z.object({
  parent_id: zId.nullable().optional(),
  code: code.optional(),
  name: name.optional(),
  description: description.optional(),
});
export type TCompetencyUpdate = z.infer<typeof ZCompetencyUpdate>;

export const ZCompetencyThreshold = z.object({
  id: z.number().int(),
  competency_id: z.number().int(),
  department_id: z.number().int().nullable(),
  designation_id: z.number().int().nullable(),
  level: z.number().int(),
});
export type TCompetencyThreshold = z.infer<typeof ZCompetencyThreshold>;
export const ZCompetencyThresholdList = z.object({ results: z.array(ZCompetencyThreshold) });
export const ZCompetencyThresholdQuery = z.object({ framework_id: zIdParam });
export const ZCompetencyThresholdCreate = z.object({
  competency_id: zId,
  department_id: zId.nullable().default(null),
  designation_id: zId.nullable().default(null),
  level,
});
export type TCompetencyThresholdCreate = z.infer<typeof ZCompetencyThresholdCreate>;
export const ZCompetencyThresholdUpdate = z.object({ level });

export const ZCompetencyLink = z.object({
  id: z.number().int(),
  competency_id: z.number().int(),
  target_type: z.enum(COMPETENCY_LINK_TARGETS),
  target_id: z.number().int(),
  /**
   * The course's or assessment's title, the classroom topic's title; null when the target no
   * longer exists (links keep no foreign key to other slices' rows, so they outlive them).
   */
  target_name: z.string().nullable(),
  outcome: z.enum(COMPETENCY_OUTCOMES),
  level: z.number().int(),
});
export type TCompetencyLink = z.infer<typeof ZCompetencyLink>;
export const ZCompetencyLinkPage = zPage(ZCompetencyLink);
export const ZCompetencyLinkQuery = ZPageQuery.extend({
  framework_id: zIdParam.optional(),
  competency_id: zIdParam.optional(),
  target_type: z.enum(COMPETENCY_LINK_TARGETS).optional(),
  target_id: zIdParam.optional(),
});
export const ZCompetencyLinkCreate = z.object({
  competency_id: zId,
  target_type: z.enum(COMPETENCY_LINK_TARGETS),
  target_id: zId,
  outcome: z.enum(COMPETENCY_OUTCOMES).default('evidence'),
  level,
});
export type TCompetencyLinkCreate = z.infer<typeof ZCompetencyLinkCreate>;
export const ZCompetencyLinkUpdate = z.object({
  outcome: z.enum(COMPETENCY_OUTCOMES).optional(),
  level: level.optional(),
});
export type TCompetencyLinkUpdate = z.infer<typeof ZCompetencyLinkUpdate>;

/** CSV columns code, name, description, parent_code (a header row first). */
export const ZCompetencyCsvImport = z.object({
  csv: z.string().min(1).max(COMPETENCY_IMPORT_MAX_CHARS),
});
/** A CASE 1.0 package (CFDocument, CFItems, CFAssociations); validated by the server. */
export const ZCompetencyCaseImport = z.object({ document: z.record(z.string(), z.unknown()) });
export const ZCompetencyImportResult = z.object({
  framework_id: z.number().int(),
  created: z.number().int(),
});
export type TCompetencyImportResult = z.infer<typeof ZCompetencyImportResult>;

export const ZCompetencyEvidence = z.object({
  id: z.number().int(),
  competency_id: z.number().int(),
  source: z.enum([...COMPETENCY_LINK_TARGETS, 'manual']),
  source_id: z.number().int().nullable(),
  outcome: z.enum(COMPETENCY_OUTCOMES),
  level: z.number().int(),
  note: z.string(),
  recorded_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type TCompetencyEvidence = z.infer<typeof ZCompetencyEvidence>;

export const ZCompetencyEvidenceCreate = z.object({
  user_id: zId,
  competency_id: zId,
  outcome: z.enum(COMPETENCY_OUTCOMES).default('evidence'),
  level,
  note: plainText(z.string().trim().min(1, 'Enter a note.').max(COMPETENCY_EVIDENCE_NOTE_MAX)),
});
export type TCompetencyEvidenceCreate = z.infer<typeof ZCompetencyEvidenceCreate>;

/** Per competency the person has evidence for or is expected to reach. */
export const ZCompetencyProfileEntry = z.object({
  competency: ZCompetency,
  framework_name: z.string(),
  scale: z.array(ZCompetencyScaleLevel),
  /** The highest level rated by "complete" evidence; null: not rated yet. */
  proficiency: z.number().int().nullable(),
  /** The threshold that applies to the person (department/designation first); null: none. */
  expected: z.number().int().nullable(),
  /** Newest first, at most COMPETENCY_PROFILE_EVIDENCE_MAX. */
  evidence: z.array(ZCompetencyEvidence),
});
export const COMPETENCY_PROFILE_EVIDENCE_MAX = 20;
export const ZCompetencyProfile = z.object({
  user_id: z.number().int(),
  results: z.array(ZCompetencyProfileEntry),
  abilities: z.object({ add_evidence: z.boolean() }),
});
export type TCompetencyProfile = z.infer<typeof ZCompetencyProfile>;
export const ZCompetencyProfileQuery = z.object({ user_id: zIdParam.optional() });

export const ZCompetencyGapsQuery = z.object({ framework_id: zIdParam });
export const ZCompetencyGaps = z.object({
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  competencies: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  /** Only pairs with people and a threshold; share = below / people. */
  cells: z.array(
    z.object({
      department_id: z.number().int(),
      competency_id: z.number().int(),
      people: z.number().int(),
      below: z.number().int(),
    }),
  ),
});
export type TCompetencyGaps = z.infer<typeof ZCompetencyGaps>;
