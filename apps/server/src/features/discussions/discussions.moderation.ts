import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { ModerationTarget } from '../../core/moderation-target.ts';
import { discussionAnswers, discussions } from '../../schema/discussions.table.ts';
import { answerFor, topicFor } from './discussions.access.ts';
import { removeAnswer } from './discussions.answers.ts';
import { excerptOf, recountAnswers, topicLink } from './discussions.screen.ts';
import { removeTopic } from './discussions.topics.ts';
import './discussions.events.ts';

/**
 * Topics and answers as the moderators see them (features/moderation): `discussion_topic` and
 * `discussion_answer` targets. Hiding or restoring an answer sets its topic's count again;
 * releasing a held answer raises `discussion.answered` (its followers are told, as on posting)
 * and, in a forum, lets its mail go now; releasing a held forum thread lets its mail go now.
 */

const seen = (p: Promise<unknown>) =>
  p.then(
    () => true,
    () => false,
  );

const topicTarget: ModerationTarget = {
  kind: 'discussion_topic',
  label: 'Discussion topic',
  async load(ctx, id) {
    const [t] = await ctx.db.select().from(discussions).where(eq(discussions.id, id));
    if (!t) return null;
    return {
      organisationId: t.organisationId,
      authorId: t.userId,
      excerpt: excerptOf(`${t.title}: ${t.bodyText}`),
      link: topicLink(t.id),
      state: t.moderationState,
    };
  },
  visibleTo: (ctx, actor, id) => seen(topicFor(ctx.db, actor, id)),
  async setState(_ctx, { tx, emit }, id, state) {
    const [t] = await tx.select().from(discussions).where(eq(discussions.id, id)).for('update');
    if (!t || t.moderationState === state) return;
    const released = t.moderationState === 'held' && state === 'visible';
    await tx
      .update(discussions)
      .set({
        moderationState: state,
        ...(released && t.forumId !== null ? { mailDueAt: new Date() } : {}),
      })
      .where(eq(discussions.id, id));
    emit('search.changed', { kind: 'discussion', ids: [id] });
  },
  async remove(ctx: AppContext, actor, id) {
    await removeTopic(ctx, actor, id);
  },
};

const answerTarget: ModerationTarget = {
  kind: 'discussion_answer',
  label: 'Discussion answer',
  async load(ctx, id) {
    const [row] = await ctx.db
      .select({ answer: discussionAnswers, organisationId: discussions.organisationId })
      .from(discussionAnswers)
      .innerJoin(discussions, eq(discussions.id, discussionAnswers.discussionId))
      .where(eq(discussionAnswers.id, id));
    if (!row) return null;
    return {
      organisationId: row.organisationId,
      authorId: row.answer.userId,
      excerpt: excerptOf(row.answer.bodyText),
      link: topicLink(row.answer.discussionId),
      state: row.answer.moderationState,
    };
  },
  visibleTo: (ctx, actor, id) => seen(answerFor(ctx.db, actor, id)),
  async setState(_ctx, { tx, emit }, id, state) {
    const [row] = await tx
      .select({ answer: discussionAnswers, topic: discussions })
      .from(discussionAnswers)
      .innerJoin(discussions, eq(discussions.id, discussionAnswers.discussionId))
      .where(eq(discussionAnswers.id, id))
      .for('update');
    if (!row || row.answer.moderationState === state) return;
    const { answer, topic } = row;
    const released = answer.moderationState === 'held' && state === 'visible';
    await tx
      .update(discussionAnswers)
      .set({
        moderationState: state,
        ...(released && topic.forumId !== null ? { mailDueAt: new Date() } : {}),
      })
      .where(eq(discussionAnswers.id, id));
    await recountAnswers(tx, topic.id);
    // Its text joins or leaves the topic's search document.
    emit('search.changed', { kind: 'discussion', ids: [topic.id] });
    if (!released) return;
    emit('discussion.answered', {
      discussionId: topic.id,
      answerId: id,
      organisationId: topic.organisationId,
      answeredBy: answer.userId,
    });
  },
  async remove(ctx, actor, id) {
    await removeAnswer(ctx, actor, id);
  },
};

export const discussionModerationTargets: readonly ModerationTarget[] = [topicTarget, answerTarget];
