import type { TAssessmentMessage } from '@atrium/contract';
import { asc, eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import { assessmentMessages, assessments } from '../../schema/assessments.table.ts';
import { loadAssessmentFor } from './assessment.access.ts';

/**
 * The overall feedback (spec §7 `assessment_message`): bands of a minimum percentage and a
 * message, replaced as a whole. Messages are rich text through the one sanitiser, like question
 * texts; one that held nothing but markup is refused rather than stored blank.
 */

export function messageList(db: DbOrTx, assessmentId: number): Promise<TAssessmentMessage[]> {
  return db
    .select({ min_percent: assessmentMessages.minPercent, message: assessmentMessages.message })
    .from(assessmentMessages)
    .where(eq(assessmentMessages.assessmentId, assessmentId))
    .orderBy(asc(assessmentMessages.minPercent));
}

export const messagesService = {
  async list(ctx: AppContext, auth: AuthContext, assessmentId: number) {
    const a = await loadAssessmentFor(ctx.db, auth, assessmentId);
    return messageList(ctx.db, a.id);
  },

  async save(
    ctx: AppContext,
    auth: AuthContext,
    input: { assessment: number; bands: { min_percent: number; message: string }[] },
  ) {
    const bands = input.bands.map((b) => ({
      minPercent: b.min_percent,
      message: sanitiseRichText(b.message),
    }));
    const blanks = Object.fromEntries(
      bands.flatMap((b, i) =>
        b.message === '' ? [[`bands.${i}.message`, ['Write the message.']]] : [],
      ),
    );
    if (Object.keys(blanks).length > 0) {
      throw badRequest('Some messages were empty once their markup was removed.', blanks);
    }
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const a = await loadAssessmentFor(tx, auth, input.assessment, 'edit', { lock: true });
      await tx.delete(assessmentMessages).where(eq(assessmentMessages.assessmentId, a.id));
      if (bands.length > 0) {
        await tx
          .insert(assessmentMessages)
          .values(bands.map((b) => ({ ...b, assessmentId: a.id })));
      }
      await tx.update(assessments).set({ updatedAt: new Date() }).where(eq(assessments.id, a.id));
    });
    return messageList(ctx.db, input.assessment);
  },
};
