import { z } from 'zod';

import { ZPageQuery, zPage } from '../core/pagination.ts';
import {
  REPORT_COLUMN_TYPES,
  REPORT_DATA_SOURCES,
  REPORT_SECTIONS,
  ZReportColumn,
  ZReportDefinition,
} from './report-source.ts';

/**
 * The report builder (issue 22): the sources a caller may build on, running a definition, and
 * saved custom reports shared with roles. The definition itself is report-source.ts's.
 */

/** A column a source offers: what it shows and whether it may be grouped or aggregated. */
export const ZBuilderColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(REPORT_COLUMN_TYPES),
  groupable: z.boolean(),
  aggregatable: z.boolean(),
});
export type TBuilderColumn = z.infer<typeof ZBuilderColumn>;

export const ZBuilderSource = z.object({
  key: z.enum(REPORT_DATA_SOURCES),
  title: z.string(),
  /** The §6 report section the source belongs to. */
  section: z.enum(REPORT_SECTIONS),
  /** The column `from`/`to` apply to. */
  date_column: z.string(),
  columns: z.array(ZBuilderColumn),
});
export type TBuilderSource = z.infer<typeof ZBuilderSource>;

export const ZBuilderSources = z.object({ results: z.array(ZBuilderSource) });
export type TBuilderSources = z.infer<typeof ZBuilderSources>;

/** A cell of a report row: text, number, boolean, or empty (dates as ISO text). */
export const ZReportCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const ZReportRow = z.record(z.string(), ZReportCell);
export type TReportRow = z.infer<typeof ZReportRow>;

export const ZBuilderRunBody = z.strictObject({
  definition: ZReportDefinition,
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(100).default(20),
});
export type TBuilderRunBody = z.input<typeof ZBuilderRunBody>;

/** One page of a run: the output columns (in order), the rows, and how many rows in all. */
export const ZBuilderRunResult = z.object({
  columns: z.array(ZReportColumn),
  count: z.number().int(),
  /** True when counting stopped at the cap (more rows than `count`). */
  count_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(ZReportRow),
});
export type TBuilderRunResult = z.infer<typeof ZBuilderRunResult>;

export const ZSavedReportAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  run: z.boolean(),
});
export type TSavedReportAbilities = z.infer<typeof ZSavedReportAbilities>;

const zRoleId = z
  .number('Choose a role.')
  .int('Choose a role.')
  .min(2, 'Choose a role of the organisation.')
  .max(5, 'Choose a role of the organisation.');

export const ZSavedReport = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  definition: ZReportDefinition,
  shared_roles: z.array(z.number().int()),
  owner: z.object({ id: z.number().int().nullable(), fullname: z.string() }),
  /** Whether the caller owns it (else it was shared with their role). */
  mine: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZSavedReportAbilities,
});
export type TSavedReport = z.infer<typeof ZSavedReport>;
export const ZSavedReportPage = zPage(ZSavedReport);

export const ZSavedReportQuery = ZPageQuery.extend({
  search: z.string().trim().max(100, 'At most 100 characters.').optional(),
  /** mine: the caller's own; shared: shared with their role by others; all (default): both. */
  kind: z.enum(['all', 'mine', 'shared'], 'Choose all, mine or shared.').default('all'),
});

const zName = z
  .string('Enter a name.')
  .trim()
  .min(1, 'Enter a name.')
  .max(120, 'At most 120 characters.');
const zDescription = z.string().trim().max(1000, 'At most 1000 characters.');
const zSharedRoles = z.array(zRoleId).max(4, 'At most 4 roles.');

export const ZSavedReportCreate = z.strictObject({
  name: zName,
  description: zDescription.default(''),
  definition: ZReportDefinition,
  shared_roles: zSharedRoles.default([]),
});
export type TSavedReportCreate = z.input<typeof ZSavedReportCreate>;

export const ZSavedReportUpdate = z.strictObject({
  name: zName.optional(),
  description: zDescription.optional(),
  definition: ZReportDefinition.optional(),
  shared_roles: zSharedRoles.optional(),
});
export type TSavedReportUpdate = z.input<typeof ZSavedReportUpdate>;

/** The §6 report sections as the permission screen shows them (per user, like the menu). */
export const ZReportSectionFlag = z.object({
  key: z.enum(REPORT_SECTIONS),
  title: z.string(),
  permission: z.boolean(),
});
export type TReportSectionFlag = z.infer<typeof ZReportSectionFlag>;
export const ZReportSectionsUpdate = z
  .array(z.strictObject({ key: z.enum(REPORT_SECTIONS), permission: z.boolean() }))
  .max(REPORT_SECTIONS.length);
/** A user's sections as GET and PUT .../report/sections/:id/ answer them. */
export const ZReportSections = z.object({ results: z.array(ZReportSectionFlag) });
export type TReportSections = z.infer<typeof ZReportSections>;
/** The sections to change; those not named keep their setting. */
export const ZReportSectionsBody = z.strictObject({ sections: ZReportSectionsUpdate });
export type TReportSectionsBody = z.infer<typeof ZReportSectionsBody>;
