import {
  COMPETENCY_DESCRIPTION_MAX,
  COMPETENCY_FRAMEWORK_MAX,
  COMPETENCY_NAME_MAX,
  DEFAULT_COMPETENCY_SCALE,
  type TCompetencyImportResult,
} from '@atrium/contract';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, fieldConflict, fieldError } from '../../core/errors/app-error.ts';
import { competencyFrameworks } from '../../schema/competencies.table.ts';
import { frameworkFor } from './competencies.access.ts';
import { insertFramework } from './competencies.frameworks.ts';
import { type ImportRow, insertRows, validateRows } from './competencies.import-tree.ts';

/**
 * Imports: CSV into an existing framework (columns code, name, description, parent_code) and a
 * CASE 1.0 package (1EdTech Competencies and Academic Standards Exchange: CFDocument, CFItems,
 * CFAssociations of type isChildOf) as a new framework. Both check every row first and write all
 * or nothing (competencies.import-tree.ts).
 */

const COLUMNS = ['code', 'name', 'description', 'parent_code'] as const;

export function parseCsv(text: string): ImportRow[] {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 10_000,
      to_line: COMPETENCY_FRAMEWORK_MAX + 2,
    }) as string[][];
  } catch (err) {
    throw fieldError('csv', `The CSV could not be read: ${(err as Error).message.slice(0, 200)}`);
  }
  const [header, ...body] = records;
  if (!header) throw fieldError('csv', 'The file is empty.');
  const index = header.map((h) => h.toLowerCase());
  const at = Object.fromEntries(COLUMNS.map((c) => [c, index.indexOf(c)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  if (at.code < 0 || at.name < 0)
    throw fieldError(
      'csv',
      `The header must name the columns ${COLUMNS.join(', ')} (code and name at least).`,
    );
  if (body.length === 0) throw fieldError('csv', 'The file has no rows under its header.');
  if (body.length > COMPETENCY_FRAMEWORK_MAX)
    throw fieldError('csv', `At most ${COMPETENCY_FRAMEWORK_MAX} rows per import.`);
  const cell = (r: string[], i: number) => (i >= 0 ? (r[i] ?? '').trim() : '');
  return body.map((r, i) => {
    const parent = cell(r, at.parent_code);
    return {
      // Row 1 is the header: the first competency is on line 2 as a spreadsheet shows it.
      label: `row ${i + 2}`,
      code: cell(r, at.code),
      name: cell(r, at.name),
      description: cell(r, at.description),
      parentCode: parent === '' ? null : parent,
    };
  });
}

export async function importCsv(
  ctx: AppContext,
  actor: Actor,
  frameworkId: number,
  csv: string,
): Promise<TCompetencyImportResult> {
  const rows = parseCsv(csv);
  return ctx.db.transaction(async (tx) => {
    const framework = await frameworkFor(tx, actor, frameworkId, { manage: true, lock: true });
    await validateRows(tx, framework.id, rows);
    const created = await insertRows(tx, framework, rows);
    await tx
      .update(competencyFrameworks)
      .set({ updatedAt: new Date() })
      .where(eq(competencyFrameworks.id, framework.id));
    await recordAudit(tx, {
      action: 'competency.imported',
      actorId: actor.userId,
      organisationId: framework.organisationId,
      details: { frameworkId: framework.id, format: 'csv', created },
    });
    return { framework_id: framework.id, created };
  });
}

const ZIdentifier = z.string().trim().min(1).max(200);
const ZNodeRef = z.object({ identifier: ZIdentifier }).passthrough();
const ZCasePackage = z.object({
  CFDocument: z
    .object({
      identifier: ZIdentifier,
      title: z.string().trim().min(1).max(COMPETENCY_NAME_MAX),
      description: z.string().max(2_000).optional(),
    })
    .passthrough(),
  CFItems: z
    .array(
      z
        .object({
          identifier: ZIdentifier,
          fullStatement: z.string().max(10_000),
          humanCodingScheme: z.string().max(200).optional(),
          abbreviatedStatement: z.string().max(10_000).optional(),
          notes: z.string().max(10_000).optional(),
        })
        .passthrough(),
    )
    .min(1)
    .max(COMPETENCY_FRAMEWORK_MAX),
  CFAssociations: z
    .array(
      z
        .object({
          associationType: z.string().max(100),
          originNodeURI: ZNodeRef,
          destinationNodeURI: ZNodeRef,
        })
        .passthrough(),
    )
    .max(COMPETENCY_FRAMEWORK_MAX * 10)
    .default([]),
});

/** Reads a CASE package into rows: isChildOf gives the parent; a child of the document is top. */
export function caseRows(document: unknown): {
  title: string;
  description: string;
  rows: ImportRow[];
} {
  const parsed = ZCasePackage.safeParse(document);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues.slice(0, 50)) {
      const key = `document.${issue.path.join('.')}`;
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    throw badRequest(
      'This is not a CASE 1.0 package this import can read. Nothing was imported.',
      errors,
    );
  }
  const pkg = parsed.data;
  const items = new Map(pkg.CFItems.map((item) => [item.identifier, item]));
  const codeOf = (item: (typeof pkg.CFItems)[number]) =>
    (item.humanCodingScheme?.trim() || item.identifier).slice(0, 200);
  const parentOf = new Map<string, string>();
  for (const a of pkg.CFAssociations) {
    if (a.associationType !== 'isChildOf') continue;
    const child = a.originNodeURI.identifier;
    const parent = a.destinationNodeURI.identifier;
    // The first isChildOf wins: a tree has one parent (CASE allows more; the rest are dropped).
    if (items.has(child) && !parentOf.has(child) && items.has(parent)) parentOf.set(child, parent);
  }
  const rows = pkg.CFItems.map((item, i) => {
    const full = item.fullStatement.trim();
    const short = item.abbreviatedStatement?.trim() || full;
    const parent = parentOf.get(item.identifier);
    return {
      label: `CFItems[${i}]`,
      code: codeOf(item),
      name:
        short.length > COMPETENCY_NAME_MAX ? `${short.slice(0, COMPETENCY_NAME_MAX - 1)}…` : short,
      description: (full === short ? (item.notes?.trim() ?? '') : full).slice(
        0,
        COMPETENCY_DESCRIPTION_MAX,
      ),
      parentCode: parent ? codeOf(items.get(parent)!) : null,
    };
  });
  return {
    title: pkg.CFDocument.title,
    description: pkg.CFDocument.description?.trim() ?? '',
    rows,
  };
}

export async function importCase(
  ctx: AppContext,
  actor: Actor,
  document: unknown,
): Promise<TCompetencyImportResult> {
  const { title, description, rows } = caseRows(document);
  return ctx.db.transaction(async (tx) => {
    const framework = await insertFramework(
      tx,
      actor,
      { name: title, description, scale: DEFAULT_COMPETENCY_SCALE },
      'case',
    ).catch((err) => {
      throw err.statusCode === 409 && err.fieldErrors?.name
        ? fieldConflict('document.CFDocument.title', 'A framework with this title already exists.')
        : err;
    });
    await validateRows(tx, framework.id, rows);
    const created = await insertRows(tx, framework, rows);
    await recordAudit(tx, {
      action: 'competency.imported',
      actorId: actor.userId,
      organisationId: framework.organisationId,
      details: { frameworkId: framework.id, format: 'case', created },
    });
    return { framework_id: framework.id, created };
  });
}
