import type { TAssessmentDetail } from '@atrium/contract';
import { asc, eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { forbidden } from '../../core/errors/app-error.ts';
import {
  assessmentMessages,
  assessmentPages,
  assessmentSlots,
  assessments,
} from '../../schema/assessments.table.ts';
import { loadAssessmentFor } from './assessment.access.ts';
import { assessmentDetail } from './assessment.detail.ts';
import { canAuthorQuestions } from './assessments.policy.ts';

/**
 * "Make a copy": a new draft of the caller's with the source's settings, pages, slots and
 * feedback bands. Who takes it (assignments, overrides), who grades it (reviewers) and what was
 * answered (attempts) belong to the source and are not copied. Any staff member who sees the
 * source may copy it: the copy is theirs to change.
 */

const MAX_TITLE = 200;

export function copyTitle(title: string): string {
  const t = `Copy of ${title}`;
  return t.length <= MAX_TITLE ? t : `${t.slice(0, MAX_TITLE - 1)}…`;
}

export async function copyAssessment(
  ctx: AppContext,
  auth: AuthContext,
  input: { assessment: number; title?: string },
): Promise<TAssessmentDetail> {
  if (!canAuthorQuestions(auth)) throw forbidden('Only admins and trainers write assessments.');
  const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const src = await loadAssessmentFor(tx, auth, input.assessment);
    const {
      id: _id,
      uuid: _uuid,
      createdAt: _c,
      updatedAt: _u,
      publishedAt: _p,
      status: _s,
      createdBy: _b,
      ...settings
    } = src;
    const [copy] = await tx
      .insert(assessments)
      .values({
        ...settings,
        title: input.title ?? copyTitle(src.title),
        status: 'draft',
        createdBy: auth.userId,
      })
      .returning({ id: assessments.id });
    emit('search.changed', { kind: 'assessment', ids: [copy!.id] });
    const [pages, slots, messages] = await Promise.all([
      tx
        .select()
        .from(assessmentPages)
        .where(eq(assessmentPages.assessmentId, src.id))
        .orderBy(asc(assessmentPages.position), asc(assessmentPages.id)),
      tx.select().from(assessmentSlots).where(eq(assessmentSlots.assessmentId, src.id)),
      tx.select().from(assessmentMessages).where(eq(assessmentMessages.assessmentId, src.id)),
    ]);
    const newPages = await tx
      .insert(assessmentPages)
      .values(
        pages.map((p) => ({
          assessmentId: copy!.id,
          position: p.position,
          title: p.title,
          description: p.description,
        })),
      )
      .returning({ id: assessmentPages.id });
    // Inserted in the source's order, so returned ids pair up with the source pages by index.
    const pageOf = new Map(pages.map((p, i) => [p.id, newPages[i]!.id]));
    if (slots.length > 0) {
      await tx.insert(assessmentSlots).values(
        slots.map(({ id: _slot, assessmentId: _a, pageId, ...s }) => ({
          ...s,
          assessmentId: copy!.id,
          pageId: pageOf.get(pageId)!,
        })),
      );
    }
    if (messages.length > 0) {
      await tx.insert(assessmentMessages).values(
        messages.map((m) => ({
          assessmentId: copy!.id,
          minPercent: m.minPercent,
          message: m.message,
        })),
      );
    }
    return copy!.id;
  });
  return assessmentDetail(ctx.db, auth, id);
}
