import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * The CPD ledger (spec §2 /cpd, /cpd-view/{uid}): an organisation's scheme (cycles, a target,
 * carry-over), its categories with minimums, and each learner's entries — credited from what
 * they attended or completed, or added by them with evidence and approved.
 */

export const CPD_UNITS = ['hours', 'points'] as const;
export type TCpdUnit = (typeof CPD_UNITS)[number];
export const CPD_ENTRY_STATUSES = ['credited', 'pending', 'rejected'] as const;
export type TCpdEntryStatus = (typeof CPD_ENTRY_STATUSES)[number];
export const CPD_SOURCE_KINDS = [
  'event',
  'course',
  'learning_path',
  'classroom',
  'external',
] as const;
export type TCpdSourceKind = (typeof CPD_SOURCE_KINDS)[number];

/** Evidence of external CPD: checked by extension and by content. */
export const CPD_EVIDENCE_TYPES = ['pdf', 'png', 'jpg', 'jpeg', 'docx'];
export const CPD_EVIDENCE_MAX_BYTES = 20 * 1024 * 1024;
/** An entry's value: above nothing, at most this (a week of full days is 40 hours). */
export const CPD_MAX_VALUE = 1000;
/** Targets, minimums and carry-over (numeric(7,2) columns). */
const CPD_MAX_AMOUNT = 99_999.99;

const amount = (label: string) =>
  z.coerce
    .number(`Enter the ${label} as a number.`)
    .min(0, `The ${label} may not be negative.`)
    .max(CPD_MAX_AMOUNT, `The ${label} must be at most ${CPD_MAX_AMOUNT}.`)
    .transform((v) => Math.round(v * 100) / 100);

export const ZCpdSchemeInput = z.strictObject({
  name: plainText().trim().min(1, 'This field may not be blank.').max(120),
  unit: z.enum(CPD_UNITS),
  /** Cycle length in months (12: yearly). */
  cycle_months: z.number().int().min(1).max(60),
  /** The month (1–12) cycles start in. */
  start_month: z.number().int().min(1).max(12),
  target: amount('target').refine((v) => v > 0, 'The target must be above zero.'),
  /** At most this much above a cycle's target carries into the next (0: none). */
  carry_over_max: amount('carry-over').default(0),
  /** External CPD must come with an evidence file (false: evidence is optional). */
  evidence_required: z.boolean().default(true),
});
export type TCpdSchemeInput = z.infer<typeof ZCpdSchemeInput>;

export const ZCpdScheme = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.enum(CPD_UNITS),
  cycle_months: z.number().int(),
  start_month: z.number().int(),
  target: z.number(),
  carry_over_max: z.number(),
  evidence_required: z.boolean(),
});
export type TCpdScheme = z.infer<typeof ZCpdScheme>;
/** The organisation's scheme in force, or null before its admins set one. */
export const ZCpdSchemeState = z.object({ scheme: ZCpdScheme.nullable() });
export type TCpdSchemeState = z.infer<typeof ZCpdSchemeState>;

const categoryName = plainText().trim().min(1, 'This field may not be blank.').max(100);
export const ZCpdCategoryInput = z.strictObject({
  name: categoryName,
  /** What a learner must earn in this category per cycle. */
  minimum: amount('minimum').default(0),
});
export type TCpdCategoryInput = z.infer<typeof ZCpdCategoryInput>;
export const ZCpdCategoryUpdate = z.strictObject({
  name: categoryName.optional(),
  minimum: amount('minimum').optional(),
});
export type TCpdCategoryUpdate = z.infer<typeof ZCpdCategoryUpdate>;

export const ZCpdCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  minimum: z.number(),
  /** Entries filed under it (deleting it leaves them uncategorised). */
  entries: z.number().int(),
});
export type TCpdCategory = z.infer<typeof ZCpdCategory>;
export const ZCpdCategoryList = z.array(ZCpdCategory);

const blankToUndefined = (v: unknown) => (v === '' || v === 'null' ? undefined : v);

/**
 * External CPD (multipart): the text fields; the evidence rides along as `evidence`. The value is
 * above zero and at most CPD_MAX_VALUE; the completion is not in the future (checked on the
 * server against its clock; a date alone may be today anywhere on earth); the unit defaults to
 * the scheme's; the evidence is required unless the scheme says otherwise.
 */
export const ZCpdExternalFields = z.strictObject({
  title: plainText().trim().min(1, 'This field may not be blank.').max(200),
  category: z.preprocess(blankToUndefined, zIdParam.optional()),
  value: z.coerce
    .number('Enter the value as a number.')
    .min(0.01, 'The value must be above zero.')
    .max(CPD_MAX_VALUE, `The value must be at most ${CPD_MAX_VALUE}.`)
    .transform((v) => Math.round(v * 100) / 100),
  unit: z.preprocess(blankToUndefined, z.enum(CPD_UNITS).optional()),
  completed_at: z.union(
    [z.iso.datetime({ offset: true }), z.iso.date()],
    'Enter a date, or a date and time.',
  ),
  /** Rich text (sanitised by the server like every rich field) or plain text. */
  reflection: z.string().max(20_000).default(''),
});
export type TCpdExternalFields = z.infer<typeof ZCpdExternalFields>;

export const ZCpdEntry = z.object({
  id: z.number().int(),
  user: z.number().int(),
  title: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  source_kind: z.enum(CPD_SOURCE_KINDS),
  /** The in-app page of what earned it (the event, course, path or session); null for external. */
  source_link: z.string().nullable(),
  value: z.number(),
  unit: z.enum(CPD_UNITS),
  completed_at: z.string(),
  status: z.enum(CPD_ENTRY_STATUSES),
  reflection: z.string(),
  /** The evidence's original name (external entries), downloaded from entries/{id}/evidence/. */
  evidence_name: z.string().nullable(),
  created_at: z.string(),
  abilities: z.object({ withdraw: z.boolean(), download_evidence: z.boolean() }),
});
export type TCpdEntry = z.infer<typeof ZCpdEntry>;
export const ZCpdEntryPage = zPage(ZCpdEntry);

/** Whose ledger: the caller's own by default; admins name any user of their organisation. */
const ZWhose = z.object({ user: zIdParam.optional() });

export const ZCpdEntryQuery = ZPageQuery.extend({
  user: zIdParam.optional(),
  /** Any day of the cycle wanted (YYYY-MM-DD; the summary lists each cycle's start). */
  cycle: z.iso.date('Enter a date (YYYY-MM-DD).').optional(),
  status: z.enum(CPD_ENTRY_STATUSES).optional(),
});
export type TCpdEntryQuery = z.infer<typeof ZCpdEntryQuery>;

export const ZCpdSummaryQuery = ZWhose;

const ZCycle = z.object({ start: z.string(), end: z.string() });
export const ZCpdSummary = z.object({
  user: z.object({ id: z.number().int(), name: z.string() }),
  scheme: ZCpdScheme.nullable(),
  /** The cycle now (UTC), [start, end); null without a scheme. */
  cycle: ZCycle.nullable(),
  unit: z.enum(CPD_UNITS),
  target: z.number().nullable(),
  /** Credited in the current cycle, in the scheme's unit. */
  earned: z.number(),
  /** Brought over from the previous cycle (capped by the scheme's carry-over). */
  carried_over: z.number(),
  /** earned + carried_over: what counts against the target. */
  total: z.number(),
  /** Waiting for approval (external entries of the current cycle). */
  pending: z.number(),
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      minimum: z.number(),
      earned: z.number(),
    }),
  ),
  /** Credited without a category. */
  uncategorised: z.number(),
  /**
   * Credited in the other unit (a course's hours under a scheme in points): shown, not counted,
   * as no conversion between hours and points is defined.
   */
  other_unit: z.object({ unit: z.enum(CPD_UNITS), earned: z.number() }).nullable(),
  /** The last cycles, oldest first, the current one last (for the chart). */
  history: z.array(
    ZCycle.extend({ earned: z.number(), carried_over: z.number(), total: z.number() }),
  ),
});
export type TCpdSummary = z.infer<typeof ZCpdSummary>;

export const CPD_EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export const ZCpdExportQuery = ZWhose.extend({
  format: z.enum(CPD_EXPORT_FORMATS),
  cycle: z.iso.date('Enter a date (YYYY-MM-DD).').optional(),
});
export type TCpdExportQuery = z.infer<typeof ZCpdExportQuery>;
