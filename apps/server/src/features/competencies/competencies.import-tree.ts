import {
  COMPETENCY_CODE_MAX,
  COMPETENCY_DESCRIPTION_MAX,
  COMPETENCY_FRAMEWORK_MAX,
  COMPETENCY_NAME_MAX,
  hasMarkup,
} from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../core/db/database.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { competencies } from '../../schema/competencies.table.ts';

/**
 * What the CSV and CASE imports share: every row is checked against the others and the
 * framework as it stands before anything is written; the report names each row's problems
 * (spec §8 field errors keyed "row N" or the CASE path); then the rows go in, parents first, one
 * insert per depth of the tree, in the caller's transaction: all or none.
 */

export interface ImportRow {
  /** How the report names it: "row 3", "CFItems[2]". */
  label: string;
  code: string;
  name: string;
  description: string;
  /** The parent's code (CSV) or CASE identifier mapped to a code; null: top level. */
  parentCode: string | null;
}

/** Rows with errors listed in the report; the rest are counted in non_field_errors. */
const REPORT_LIMIT = 100;

export function checkText(problems: string[], field: string, value: string, limit: number) {
  if (value.length > limit) problems.push(`${field}: at most ${limit} characters.`);
  if (hasMarkup(value)) problems.push(`${field}: must be plain text (no HTML tags).`);
}

/** Checks every row; throws the whole report (400) when any has a problem. */
export async function validateRows(tx: Tx, frameworkId: number, rows: ImportRow[]): Promise<void> {
  const existing = await tx
    .select({ code: competencies.code })
    .from(competencies)
    .where(eq(competencies.frameworkId, frameworkId));
  const existingCodes = new Set(existing.map((r) => r.code.toLowerCase()));
  if (existing.length + rows.length > COMPETENCY_FRAMEWORK_MAX)
    throw badRequest(
      `A framework holds at most ${COMPETENCY_FRAMEWORK_MAX} competencies; this import would make ${existing.length + rows.length}. Nothing was imported.`,
    );
  const byCode = new Map(rows.map((r) => [r.code.toLowerCase(), r]));

  const report: Record<string, string[]> = {};
  let withErrors = 0;
  const firstLabel = new Map<string, string>();
  for (const r of rows) {
    const problems: string[] = [];
    const code = r.code.toLowerCase();
    if (!r.code) problems.push('code: required.');
    else if (existingCodes.has(code))
      problems.push(`code: '${r.code}' is already in the framework.`);
    else if (firstLabel.has(code))
      problems.push(`code: '${r.code}' is also on ${firstLabel.get(code)}.`);
    else firstLabel.set(code, r.label);
    checkText(problems, 'code', r.code, COMPETENCY_CODE_MAX);
    if (!r.name) problems.push('name: required.');
    checkText(problems, 'name', r.name, COMPETENCY_NAME_MAX);
    checkText(problems, 'description', r.description, COMPETENCY_DESCRIPTION_MAX);
    if (r.parentCode !== null) {
      const parent = r.parentCode.toLowerCase();
      if (parent === code) problems.push('parent_code: a competency cannot be its own parent.');
      else if (!existingCodes.has(parent) && !byCode.has(parent))
        problems.push(
          `parent_code: '${r.parentCode}' is neither in the file nor in the framework.`,
        );
      else if (formsCycle(r, byCode)) problems.push('parent_code: the parents form a cycle.');
    }
    if (problems.length > 0) {
      withErrors += 1;
      if (Object.keys(report).length < REPORT_LIMIT) report[r.label] = problems;
    }
  }
  if (withErrors > 0) {
    const more = withErrors - Object.keys(report).length;
    throw badRequest(
      `${withErrors} of ${rows.length} rows have errors. Nothing was imported.`,
      report,
      more > 0 ? [`${more} more rows with errors are not listed.`] : undefined,
    );
  }
}

function formsCycle(start: ImportRow, byCode: Map<string, ImportRow>): boolean {
  const visited = new Set<string>([start.code.toLowerCase()]);
  let next = start.parentCode?.toLowerCase() ?? null;
  while (next !== null) {
    if (visited.has(next)) return true;
    visited.add(next);
    const row = byCode.get(next);
    next = row?.parentCode?.toLowerCase() ?? null;
  }
  return false;
}

/** Inserts validated rows, parents first (one statement per depth). Returns how many. */
export async function insertRows(
  tx: Tx,
  framework: { id: number; organisationId: number },
  rows: ImportRow[],
): Promise<number> {
  const existing = await tx
    .select({ id: competencies.id, code: competencies.code })
    .from(competencies)
    .where(eq(competencies.frameworkId, framework.id));
  const idOf = new Map(existing.map((r) => [r.code.toLowerCase(), r.id]));
  let pending = rows;
  while (pending.length > 0) {
    const ready = pending.filter(
      (r) => r.parentCode === null || idOf.has(r.parentCode.toLowerCase()),
    );
    // validateRows ruled out cycles and missing parents; this guards the loop all the same.
    if (ready.length === 0) throw badRequest('The parents form a cycle. Nothing was imported.');
    for (let i = 0; i < ready.length; i += 500) {
      const inserted = await tx
        .insert(competencies)
        .values(
          ready.slice(i, i + 500).map((r) => ({
            organisationId: framework.organisationId,
            frameworkId: framework.id,
            parentId: r.parentCode === null ? null : idOf.get(r.parentCode.toLowerCase())!,
            code: r.code,
            name: r.name,
            description: r.description,
          })),
        )
        .returning({ id: competencies.id, code: competencies.code });
      for (const row of inserted) idOf.set(row.code.toLowerCase(), row.id);
    }
    const done = new Set(ready);
    pending = pending.filter((r) => !done.has(r));
  }
  return rows.length;
}
