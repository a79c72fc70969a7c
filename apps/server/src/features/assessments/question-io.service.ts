import {
  type TQuestionDefinition,
  type TQuestionImportReport,
  ZBankQuestionInput,
} from '@atrium/contract';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import {
  AppError,
  badRequest,
  fieldError,
  forbidden,
  notFound,
} from '../../core/errors/app-error.ts';
import { readSpreadsheet } from '../../core/export/spreadsheet-read.ts';
import { questionCategories, questions, questionVersions } from '../../schema/assessments.table.ts';
import { canAuthorQuestions } from './assessments.policy.ts';
import { type QtiPackage, readQtiPackage } from './qti-package.ts';
import { parseQuestionRows, rowsOfSheet } from './question-csv.ts';
import {
  imagesByUuid,
  insertImageRows,
  type PackagedImage,
  recordImageUses,
  removeImageFiles,
  storeImageFiles,
} from './question-images.ts';
import { detectFormat } from './question-io.format.ts';
import { imageUuidsOf, sanitiseDefinition, stemText } from './question-text.ts';

/**
 * Question import: every item or row is read and checked against the contract before anything
 * is written; one error refuses the whole file (400, errors keyed per item or row) and nothing is
 * written. Then all questions (version 1 each) and any new categories go in one transaction.
 * Unsupported QTI items are not errors: they are reported as skipped, never dropped silently;
 * likewise an image a question cannot keep is left out and reported in `notes`. The images of
 * the questions written are stored before the transaction (files cannot join it) and removed
 * again if it fails.
 */

/** Rows (or items) in one upload; past this the file is refused (import it in parts). */
export const MAX_IMPORT_ROWS = 1000;
/** How many items or rows with errors the 400 lists; past that it says how many more. */
const REPORT_LIMIT = 200;

interface ToWrite {
  title: string;
  tags: string[];
  /** Category path below the top level (CSV/XLSX rows); empty: the upload's category. */
  categoryPath: string[];
  definition: TQuestionDefinition;
}

export interface ImportOptions {
  categoryId: number | null;
  dryRun: boolean;
  ip: string;
}

function refuse(errors: Record<string, string[]>, total: number, what: 'rows' | 'items') {
  const failing = Object.keys(errors).length;
  const listed = Object.fromEntries(Object.entries(errors).slice(0, REPORT_LIMIT));
  const more = failing - Object.keys(listed).length;
  return badRequest(
    `${failing} of ${total} ${what} have errors. Nothing was imported.`,
    listed,
    more > 0 ? [`${more} more ${what} with errors are not listed.`] : undefined,
  );
}

/** Checks each QTI item read as a question; errors keyed `item <identifier>`. */
async function checkItems({ items, images }: QtiPackage, db: DbOrTx, organisationId: number) {
  const toWrite: ToWrite[] = [];
  const skipped: TQuestionImportReport['skipped'] = [];
  const errors: Record<string, string[]> = {};
  /** Question-image addresses an item links to that are not the package's images, by item. */
  const linked = new Map<string, string[]>();
  for (const item of items) {
    if (item.kind === 'skipped') {
      skipped.push({ item: item.identifier, reason: item.reason });
      continue;
    }
    const key = `item ${item.identifier}`;
    if (item.kind === 'invalid') {
      errors[key] = item.messages;
      continue;
    }
    const parsed = ZBankQuestionInput.safeParse({ title: item.title, definition: item.definition });
    if (!parsed.success) {
      errors[key] = parsed.error.issues.map((i) => {
        const at = i.path.filter((p) => p !== 'definition').join('.');
        return at ? `${at}: ${i.message}` : i.message;
      });
      continue;
    }
    try {
      const definition = sanitiseDefinition(parsed.data.definition);
      const other = imageUuidsOf(definition).filter((uuid) => !images.has(uuid));
      if (other.length > 0) linked.set(key, other);
      toWrite.push({ title: parsed.data.title, tags: [], categoryPath: [], definition });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      errors[key] = Object.entries(err.fieldErrors ?? {}).flatMap(([f, m]) =>
        m.map((x) => `${f.replace(/^definition\./, '')}: ${x}`),
      );
    }
  }
  // The images an item shows have new addresses; a link to a question image (an Atrium export's
  // item may hold one) must name one of this bank's, as writing the version would insist.
  if (linked.size > 0) {
    const ours = await imagesByUuid(db, organisationId, [...new Set([...linked.values()].flat())]);
    for (const [key, uuids] of linked)
      if (uuids.some((uuid) => !ours.has(uuid)))
        errors[key] = [
          'The item links to an image of another organisation’s question bank; remove the link.',
        ];
  }
  if (Object.keys(errors).length > 0) throw refuse(errors, items.length, 'items');
  if (toWrite.length > MAX_IMPORT_ROWS)
    throw badRequest(`The package has more than ${MAX_IMPORT_ROWS} questions; import it in parts.`);
  return { toWrite, skipped };
}

/** The category is the organisation's: else a field error (a form's choice) or 404 (a query's). */
async function assertCategory(db: DbOrTx, organisationId: number, id: number, as404 = false) {
  const [row] = await db
    .select({ id: questionCategories.id })
    .from(questionCategories)
    .where(
      and(eq(questionCategories.id, id), eq(questionCategories.organisationId, organisationId)),
    );
  if (!row && as404) throw notFound('No such category in your organisation’s bank.');
  if (!row) throw fieldError('category', 'Choose a category of your organisation’s bank.');
}

/** A category path's id, its missing levels created (names compared without case). */
async function categoryFor(
  tx: DbOrTx,
  auth: AuthContext,
  path: string[],
  cache: Map<string, number>,
): Promise<number> {
  let parent: number | null = null;
  for (const [depth, name] of path.entries()) {
    const key = path
      .slice(0, depth + 1)
      .map((s) => s.toLowerCase())
      .join('/');
    const cached = cache.get(key);
    if (cached !== undefined) {
      parent = cached;
      continue;
    }
    const under: SQL =
      parent === null
        ? isNull(questionCategories.parentId)
        : eq(questionCategories.parentId, parent);
    const find = (): Promise<{ id: number; name: string }[]> =>
      tx
        .select({ id: questionCategories.id, name: questionCategories.name })
        .from(questionCategories)
        .where(and(eq(questionCategories.organisationId, auth.organisationId), under));
    let found: { id: number } | undefined = (await find()).find(
      (c) => c.name.toLowerCase() === name.toLowerCase(),
    );
    if (!found) {
      // A concurrent import may create the same name: the unique index decides, then we read it.
      await tx
        .insert(questionCategories)
        .values({
          organisationId: auth.organisationId,
          parentId: parent,
          name,
          createdBy: auth.userId,
        })
        .onConflictDoNothing();
      found = (await find()).find((c) => c.name.toLowerCase() === name.toLowerCase());
    }
    const id: number = found!.id;
    parent = id;
    cache.set(key, id);
  }
  return parent!;
}

export async function importQuestions(
  ctx: AppContext,
  auth: AuthContext,
  content: Buffer,
  opts: ImportOptions,
): Promise<TQuestionImportReport> {
  if (!canAuthorQuestions(auth)) throw forbidden('Only admins and trainers write questions.');
  if (opts.categoryId !== null) await assertCategory(ctx.db, auth.organisationId, opts.categoryId);
  const limits = ctx.config.spreadsheet;
  const format = await detectFormat(content, limits);
  let qtiVersion: string | null = null;
  let toWrite: ToWrite[];
  let skipped: TQuestionImportReport['skipped'] = [];
  let notes: TQuestionImportReport['notes'] = [];
  let packaged = new Map<string, PackagedImage>();
  if (format === 'qti') {
    const pkg = await readQtiPackage(content, limits);
    qtiVersion = pkg.version;
    ({ toWrite, skipped } = await checkItems(pkg, ctx.db, auth.organisationId));
    notes = pkg.notes;
    packaged = pkg.images;
  } else {
    const sheet = await readSpreadsheet(content, format, { ...limits, maxRows: MAX_IMPORT_ROWS });
    const rows = rowsOfSheet(sheet.header, sheet.rows);
    const { questions: parsed, errors } = parseQuestionRows(rows);
    if (Object.keys(errors).length > 0) throw refuse(errors, rows.length, 'rows');
    toWrite = parsed.map((q) => ({ ...q, categoryPath: q.category }));
  }
  const report = { format, qti_version: qtiVersion, dry_run: opts.dryRun, skipped, notes };
  if (opts.dryRun) {
    return {
      ...report,
      imported: 0,
      questions: toWrite.map((q) => ({ id: 0, title: q.title })),
    };
  }
  // Only what the questions written show: images of skipped items are not kept.
  const shown = new Set(toWrite.flatMap((q) => imageUuidsOf(q.definition)));
  const stored = await storeImageFiles(
    ctx,
    [...packaged.values()].filter((image) => shown.has(image.uuid)),
  );
  const written = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    await insertImageRows(tx, auth, stored);
    const cache = new Map<string, number>();
    const out: { id: number; title: string }[] = [];
    for (const q of toWrite) {
      const categoryId =
        q.categoryPath.length > 0
          ? await categoryFor(tx, auth, q.categoryPath, cache)
          : opts.categoryId;
      const [row] = await tx
        .insert(questions)
        .values({
          organisationId: auth.organisationId,
          categoryId,
          type: q.definition.type,
          title: q.title,
          tags: q.tags,
          currentVersion: 1,
          createdBy: auth.userId,
          updatedBy: auth.userId,
        })
        .returning({ id: questions.id });
      const [version] = await tx
        .insert(questionVersions)
        .values({
          questionId: row!.id,
          version: 1,
          definition: q.definition,
          stem: stemText(q.definition.stem),
          createdBy: auth.userId,
        })
        .returning({ id: questionVersions.id });
      await recordImageUses(tx, auth.organisationId, version!.id, q.definition);
      out.push({ id: row!.id, title: q.title });
    }
    await recordAudit(tx, {
      action: 'question.imported',
      actorId: auth.userId,
      organisationId: auth.organisationId,
      ip: opts.ip,
      details: {
        format,
        qti_version: qtiVersion,
        imported: out.length,
        skipped: skipped.length,
        images: stored.length,
        category: opts.categoryId,
      },
    });
    return out;
  }).catch(async (err: unknown) => {
    await removeImageFiles(ctx, stored);
    throw err;
  });
  return { ...report, imported: written.length, questions: written };
}

/** The caller's organisation's questions to export: named ones (all visible, else 404), a category's, or all active. */
export async function questionsToExport(
  db: DbOrTx,
  auth: AuthContext,
  query: { ids?: number[]; category?: number },
) {
  if (!canAuthorQuestions(auth)) throw forbidden('Only admins and trainers export questions.');
  const where = [eq(questions.organisationId, auth.organisationId)];
  if (query.ids) where.push(inArray(questions.id, [...new Set(query.ids)]));
  else if (query.category !== undefined) {
    await assertCategory(db, auth.organisationId, query.category, true);
    where.push(eq(questions.categoryId, query.category));
  }
  if (!query.ids) where.push(eq(questions.status, 'active'));
  const rows = await db
    .select({
      id: questions.id,
      title: questions.title,
      definition: questionVersions.definition,
    })
    .from(questions)
    .innerJoin(
      questionVersions,
      and(
        eq(questionVersions.questionId, questions.id),
        eq(questionVersions.version, questions.currentVersion),
      ),
    )
    .where(and(...where))
    .orderBy(questions.id);
  // Named ids must all be the caller's organisation's: one that is not is a 404, as for one id.
  if (query.ids && rows.length !== new Set(query.ids).size)
    throw notFound('Some of the questions named are not in your organisation’s bank.');
  return rows as { id: number; title: string; definition: TQuestionDefinition }[];
}
