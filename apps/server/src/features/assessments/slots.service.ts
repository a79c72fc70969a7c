import type { TAssessmentDetail, TAssessmentSlotInput } from '@atrium/contract';
import { and, count, eq, inArray, max } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, fieldError, notFound } from '../../core/errors/app-error.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import {
  assessmentPages,
  assessmentSlots,
  assessments,
  questionCategories,
  questions,
} from '../../schema/assessments.table.ts';
import { type Assessment, loadAssessmentFor } from './assessment.access.ts';
import { assessmentDetail } from './assessment.detail.ts';

/**
 * Pages and the slots on them. A page or a slot is reached through its assessment: the caller
 * must be allowed to edit that (404 for another organisation's, 403 for a colleague's), and the
 * assessment's row lock orders concurrent edits, so positions never collide.
 */

const PAGE_NOT_FOUND = 'Page not found.';
const SLOT_NOT_FOUND = 'Question not found on this assessment.';

type Tx = DbOrTx;

async function touch(tx: Tx, a: Assessment) {
  await tx.update(assessments).set({ updatedAt: new Date() }).where(eq(assessments.id, a.id));
}

/** The page and its assessment, if the caller may edit that assessment. */
async function editablePage(tx: Tx, auth: AuthContext, pageId: number) {
  const [page] = await tx.select().from(assessmentPages).where(eq(assessmentPages.id, pageId));
  if (!page) throw notFound(PAGE_NOT_FOUND);
  const a = await loadAssessmentFor(tx, auth, page.assessmentId, 'edit', { lock: true });
  return { page, a };
}

async function editableSlot(tx: Tx, auth: AuthContext, slotId: number) {
  const [slot] = await tx.select().from(assessmentSlots).where(eq(assessmentSlots.id, slotId));
  if (!slot) throw notFound(SLOT_NOT_FOUND);
  const a = await loadAssessmentFor(tx, auth, slot.assessmentId, 'edit', { lock: true });
  return { slot, a };
}

async function assertCategory(tx: Tx, organisationId: number, categoryId: number) {
  const [row] = await tx
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

/**
 * The questions to place, in the order given, once each. Refused all together (400 naming them)
 * when one is not an active question of the organisation's bank, or is already on the assessment.
 */
async function placeableQuestions(tx: Tx, a: Assessment, ids: number[]) {
  const wanted = [...new Set(ids)];
  const [rows, placed] = await Promise.all([
    tx
      .select({ id: questions.id, title: questions.title, status: questions.status })
      .from(questions)
      .where(and(inArray(questions.id, wanted), eq(questions.organisationId, a.organisationId))),
    tx
      .select({ id: assessmentSlots.questionId })
      .from(assessmentSlots)
      .where(
        and(eq(assessmentSlots.assessmentId, a.id), inArray(assessmentSlots.questionId, wanted)),
      ),
  ]);
  const found = new Map(rows.map((r) => [r.id, r]));
  const already = new Set(placed.map((p) => p.id));
  const errors: string[] = [];
  const unknown = wanted.filter((id) => !found.has(id));
  if (unknown.length) errors.push(`Not in your organisation’s bank: ${unknown.join(', ')}.`);
  const archived = rows.filter((r) => r.status === 'archived');
  if (archived.length) {
    errors.push(`Archived: ${archived.map((r) => `“${r.title}” (${r.id})`).join(', ')}.`);
  }
  const twice = rows.filter((r) => already.has(r.id));
  if (twice.length) {
    errors.push(
      `Already on this assessment: ${twice.map((r) => `“${r.title}” (${r.id})`).join(', ')}.`,
    );
  }
  if (errors.length > 0) {
    throw badRequest('Some questions cannot be placed.', { questions: errors });
  }
  return wanted;
}

async function nextSlotPosition(tx: Tx, pageId: number) {
  const [row] = await tx
    .select({ n: max(assessmentSlots.position) })
    .from(assessmentSlots)
    .where(eq(assessmentSlots.pageId, pageId));
  return row?.n === null || row?.n === undefined ? 0 : row.n + 1;
}

export const slotsService = {
  async addPage(
    ctx: AppContext,
    auth: AuthContext,
    input: { assessment: number; title?: string; description?: string },
  ): Promise<TAssessmentDetail> {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const a = await loadAssessmentFor(tx, auth, input.assessment, 'edit', { lock: true });
      const [last] = await tx
        .select({ n: max(assessmentPages.position) })
        .from(assessmentPages)
        .where(eq(assessmentPages.assessmentId, a.id));
      await tx.insert(assessmentPages).values({
        assessmentId: a.id,
        position: (last?.n ?? -1) + 1,
        title: input.title ?? '',
        description: sanitiseRichText(input.description ?? ''),
      });
      await touch(tx, a);
    });
    return assessmentDetail(ctx.db, auth, input.assessment);
  },

  async updatePage(
    ctx: AppContext,
    auth: AuthContext,
    pageId: number,
    input: { title?: string; description?: string },
  ): Promise<TAssessmentDetail> {
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const { page, a } = await editablePage(tx, auth, pageId);
      const set: Partial<typeof assessmentPages.$inferInsert> = {};
      if (input.title !== undefined) set.title = input.title;
      if (input.description !== undefined) set.description = sanitiseRichText(input.description);
      if (Object.keys(set).length > 0) {
        await tx.update(assessmentPages).set(set).where(eq(assessmentPages.id, page.id));
        await touch(tx, a);
      }
      return a.id;
    });
    return assessmentDetail(ctx.db, auth, id);
  },

  /** Deletes the page and the slots on it; an assessment keeps at least one page (409). */
  async removePage(ctx: AppContext, auth: AuthContext, pageId: number): Promise<TAssessmentDetail> {
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const { page, a } = await editablePage(tx, auth, pageId);
      const [pages] = await tx
        .select({ n: count() })
        .from(assessmentPages)
        .where(eq(assessmentPages.assessmentId, a.id));
      if ((pages?.n ?? 0) <= 1) {
        throw conflict(
          'Unable to delete this page: it is the assessment’s only page. Add another page first, or delete its questions instead.',
        );
      }
      await tx.delete(assessmentPages).where(eq(assessmentPages.id, page.id));
      await touch(tx, a);
      return a.id;
    });
    return assessmentDetail(ctx.db, auth, id);
  },

  /** Bank questions (one slot each, in the order given) or one random draw, at the page's end. */
  async addSlot(
    ctx: AppContext,
    auth: AuthContext,
    input: TAssessmentSlotInput,
  ): Promise<TAssessmentDetail> {
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const { page, a } = await editablePage(tx, auth, input.page);
      let position = await nextSlotPosition(tx, page.id);
      if (input.kind === 'fixed') {
        const ids = await placeableQuestions(tx, a, input.questions);
        await tx.insert(assessmentSlots).values(
          ids.map((questionId) => ({
            assessmentId: a.id,
            pageId: page.id,
            position: position++,
            kind: 'fixed' as const,
            questionId,
            points: input.points ?? null,
          })),
        );
      } else {
        if (input.category) await assertCategory(tx, a.organisationId, input.category);
        await tx.insert(assessmentSlots).values({
          assessmentId: a.id,
          pageId: page.id,
          position,
          kind: 'random',
          categoryId: input.category ?? null,
          tags: [...new Set(input.tags)],
          drawCount: input.draw_count,
          points: input.points ?? null,
        });
      }
      await touch(tx, a);
      return a.id;
    });
    return assessmentDetail(ctx.db, auth, id);
  },

  async updateSlot(
    ctx: AppContext,
    auth: AuthContext,
    slotId: number,
    input: {
      points?: number | null;
      draw_count?: number;
      category?: number | null;
      tags?: string[];
    },
  ): Promise<TAssessmentDetail> {
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const { slot, a } = await editableSlot(tx, auth, slotId);
      const set: Partial<typeof assessmentSlots.$inferInsert> = {};
      if (input.points !== undefined) set.points = input.points;
      const drawFields = (['draw_count', 'category', 'tags'] as const).filter(
        (f) => input[f] !== undefined,
      );
      if (slot.kind === 'fixed' && drawFields.length > 0) {
        const msg = 'A placed question has only points; the draw fields are for random draws.';
        throw badRequest(msg, Object.fromEntries(drawFields.map((f) => [f, [msg]])));
      }
      if (input.draw_count !== undefined) set.drawCount = input.draw_count;
      if (input.tags !== undefined) set.tags = [...new Set(input.tags)];
      if (input.category !== undefined) {
        if (input.category !== null) await assertCategory(tx, a.organisationId, input.category);
        set.categoryId = input.category;
      }
      if (slot.kind === 'random') {
        const category = set.categoryId !== undefined ? set.categoryId : slot.categoryId;
        const tags = set.tags ?? slot.tags;
        if (!category && tags.length === 0) {
          throw fieldError('category', 'Choose a category or at least one tag to draw from.');
        }
      }
      if (Object.keys(set).length > 0) {
        await tx.update(assessmentSlots).set(set).where(eq(assessmentSlots.id, slot.id));
        await touch(tx, a);
      }
      return a.id;
    });
    return assessmentDetail(ctx.db, auth, id);
  },

  async removeSlot(ctx: AppContext, auth: AuthContext, slotId: number): Promise<TAssessmentDetail> {
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const { slot, a } = await editableSlot(tx, auth, slotId);
      await tx.delete(assessmentSlots).where(eq(assessmentSlots.id, slot.id));
      await touch(tx, a);
      return a.id;
    });
    return assessmentDetail(ctx.db, auth, id);
  },
};
