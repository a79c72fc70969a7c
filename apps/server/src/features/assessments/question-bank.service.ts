import type {
  TBankQuestionDetail,
  TBankQuestionInput,
  TBankQuestionRemoval,
  TBankQuestionUpdate,
  TQuestionDefinition,
} from '@atrium/contract';
import { and, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, fieldError, forbidden } from '../../core/errors/app-error.ts';
import {
  assessmentSlots,
  assessments,
  questionCategories,
  questions,
  questionVersions,
} from '../../schema/assessments.table.ts';
import { canAuthorQuestions } from './assessments.policy.ts';
import { editableQuestionFor, questionDetail } from './question-bank.repository.ts';
import { recordImageUses } from './question-images.ts';
import { sanitiseDefinition, stemText } from './question-text.ts';

/**
 * The bank's use cases. Versioning: a question's current version is replaced in place while no
 * attempt has answered it; once one has (`used_at`, set by the attempts through
 * markVersionsUsed), a new definition becomes version N+1 and the old one stays as it was, so
 * past attempts and item statistics keep reading what was asked.
 */

async function assertCategory(db: DbOrTx, organisationId: number, categoryId: number) {
  const [row] = await db
    .select({ id: questionCategories.id })
    .from(questionCategories)
    .where(
      and(
        eq(questionCategories.id, categoryId),
        eq(questionCategories.organisationId, organisationId),
      ),
    );
  if (!row) throw fieldError('category', 'Choose a category of your organisation’s bank.');
}

const versionValues = (def: TQuestionDefinition) => {
  const definition = sanitiseDefinition(def);
  return { definition, stem: stemText(definition.stem) };
};

async function anyVersionUsed(db: DbOrTx, questionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: questionVersions.id })
    .from(questionVersions)
    .where(and(eq(questionVersions.questionId, questionId), isNotNull(questionVersions.usedAt)))
    .limit(1);
  return row !== undefined;
}

async function sameAsCurrent(
  db: DbOrTx,
  q: { id: number; currentVersion: number },
  definition: TQuestionDefinition,
): Promise<boolean> {
  const [row] = await db
    .select({
      same: sql<boolean>`${questionVersions.definition} = ${JSON.stringify(definition)}::jsonb`,
    })
    .from(questionVersions)
    .where(
      and(eq(questionVersions.questionId, q.id), eq(questionVersions.version, q.currentVersion)),
    );
  return row?.same === true;
}

export const questionBank = {
  /** Version 1 of a new question, in the organisation signed in to. */
  async create(
    ctx: AppContext,
    auth: AuthContext,
    input: TBankQuestionInput,
  ): Promise<TBankQuestionDetail> {
    if (!canAuthorQuestions(auth)) throw forbidden('Only admins and trainers write questions.');
    if (input.category) await assertCategory(ctx.db, auth.organisationId, input.category);
    const version = versionValues(input.definition);
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const [q] = await tx
        .insert(questions)
        .values({
          organisationId: auth.organisationId,
          categoryId: input.category ?? null,
          type: input.definition.type,
          title: input.title,
          tags: input.tags,
          currentVersion: 1,
          createdBy: auth.userId,
          updatedBy: auth.userId,
        })
        .returning({ id: questions.id });
      const [v] = await tx
        .insert(questionVersions)
        .values({ questionId: q!.id, version: 1, ...version, createdBy: auth.userId })
        .returning({ id: questionVersions.id });
      await recordImageUses(tx, auth.organisationId, v!.id, version.definition);
      return q!.id;
    });
    return questionDetail(ctx.db, auth, id);
  },

  async update(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: TBankQuestionUpdate,
  ): Promise<TBankQuestionDetail> {
    let version = input.definition ? versionValues(input.definition) : null;
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      // The row lock orders concurrent edits: two saves never both write version N+1.
      const q = await editableQuestionFor(tx, auth, id, { lock: true });
      if (input.category) await assertCategory(tx, q.organisationId, input.category);
      const set: Partial<typeof questions.$inferInsert> = {
        updatedAt: new Date(),
        updatedBy: auth.userId,
      };
      if (input.title !== undefined) set.title = input.title;
      if (input.category !== undefined) set.categoryId = input.category;
      if (input.tags !== undefined) set.tags = input.tags;
      if (input.status !== undefined) set.status = input.status;
      // A definition equal to the current one (jsonb equality, key order aside) is no change: a
      // form saved again must not add a version nor move an answered question on.
      if (version && (await sameAsCurrent(tx, q, version.definition))) version = null;
      if (version) {
        const newType = version.definition.type !== q.type;
        // Statistics across versions compare like with like: an answered question keeps its type.
        if (newType && (await anyVersionUsed(tx, q.id))) {
          throw fieldError(
            'definition.type',
            'A question that has been answered keeps its type; write a new question instead.',
          );
        }
        set.type = version.definition.type;
        // In place only while unanswered; `used_at is null` in the statement itself, so an
        // attempt that marks the version used concurrently is never overwritten.
        const replaced = await tx
          .update(questionVersions)
          .set({ ...version, createdBy: auth.userId, createdAt: new Date() })
          .where(
            and(
              eq(questionVersions.questionId, q.id),
              eq(questionVersions.version, q.currentVersion),
              isNull(questionVersions.usedAt),
            ),
          )
          .returning({ id: questionVersions.id });
        let versionId = replaced[0]?.id;
        if (versionId === undefined) {
          const [last] = await tx
            .select({ n: max(questionVersions.version) })
            .from(questionVersions)
            .where(eq(questionVersions.questionId, q.id));
          const next = (last?.n ?? q.currentVersion) + 1;
          const [added] = await tx
            .insert(questionVersions)
            .values({ questionId: q.id, version: next, ...version, createdBy: auth.userId })
            .returning({ id: questionVersions.id });
          versionId = added!.id;
          set.currentVersion = next;
        }
        await recordImageUses(tx, q.organisationId, versionId, version.definition);
      }
      await tx.update(questions).set(set).where(eq(questions.id, q.id));
    });
    return questionDetail(ctx.db, auth, id);
  },

  /**
   * A question no attempt has answered is deleted with its versions; one that has been answered
   * is archived (hidden from the bank's default list and from new draws, its versions kept).
   * One placed in an assessment but never answered is neither: deleting it would take it out of
   * assessments under their authors, so the 409 names them (remove it there first).
   */
  async remove(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    ip: string,
  ): Promise<TBankQuestionRemoval> {
    return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const q = await editableQuestionFor(tx, auth, id, { lock: true });
      const used = await anyVersionUsed(tx, q.id);
      if (!used) {
        const placed = await tx
          .selectDistinct({ title: assessments.title })
          .from(assessmentSlots)
          .innerJoin(assessments, eq(assessments.id, assessmentSlots.assessmentId))
          .where(eq(assessmentSlots.questionId, q.id))
          .orderBy(assessments.title)
          .limit(6);
        if (placed.length > 0) {
          const names = placed.slice(0, 5).map((p) => `“${p.title}”`);
          throw conflict(
            `This question is placed in ${names.join(', ')}${placed.length > 5 ? ' and more' : ''}. Remove it from there first, or archive it.`,
          );
        }
      }
      if (used) {
        await tx
          .update(questions)
          .set({ status: 'archived', updatedAt: new Date(), updatedBy: auth.userId })
          .where(eq(questions.id, q.id));
      } else {
        await tx.delete(questions).where(eq(questions.id, q.id));
      }
      await recordAudit(tx, {
        action: used ? 'question.archived' : 'question.deleted',
        actorId: auth.userId,
        organisationId: q.organisationId,
        ip,
        details: { question: q.id, title: q.title, version: q.currentVersion },
      });
      return { result: used ? 'archived' : 'deleted' };
    });
  },
};

/**
 * For the attempts (a later increment of this slice): marks versions answered, once. From then on
 * an edit of their question makes a new version instead of changing them.
 */
export async function markVersionsUsed(db: DbOrTx, versionIds: number[]): Promise<void> {
  if (versionIds.length === 0) return;
  await db
    .update(questionVersions)
    .set({ usedAt: sql`now()` })
    .where(and(inArray(questionVersions.id, versionIds), isNull(questionVersions.usedAt)));
}
