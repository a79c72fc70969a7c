import { defineSubscriber } from '../../core/module.ts';
import { followersWhoMayRead, loadTopicNotice } from '../discussions/index.ts';
import { notify } from './notify.ts';

/**
 * Discussions (issue 20): a new answer tells the topic's followers who may still read it (the
 * one who answered aside), and an accepted answer tells its author (not when they accepted it
 * themselves: notify never tells the actor). Each reads the topic as it stands at delivery: an
 * answer deleted since, or an acceptance taken back, tells nobody. The link opens the topic.
 */

const link = (id: number) => `/discussions/${id}`;

export const discussionSubscribers = [
  defineSubscriber({
    event: 'discussion.answered',
    name: 'notify-discussion-answered',
    async handle(ctx, e, meta) {
      const topic = await loadTopicNotice(ctx.db, e.discussionId, e.answerId);
      // In a forum thread the forum_post mail (after the edit window) tells the followers.
      if (!topic || topic.forumId !== null) return;
      await notify(ctx, meta, {
        type: 'discussion_answer',
        organisationId: topic.organisationId,
        actorId: e.answeredBy,
        subject: { kind: 'discussion', id: topic.id, title: topic.title },
        link: link(topic.id),
        recipients: await followersWhoMayRead(ctx.db, topic.id),
      });
    },
  }),
  defineSubscriber({
    event: 'discussion.answer_accepted',
    name: 'notify-discussion-answer-accepted',
    // Accepting one's own answer tells nobody: no delivery at all.
    when: (e) => e.acceptedBy !== e.answerAuthorId,
    async handle(ctx, e, meta) {
      const topic = await loadTopicNotice(ctx.db, e.discussionId, e.answerId);
      if (!topic || topic.acceptedAnswerId !== e.answerId) return;
      await notify(ctx, meta, {
        type: 'discussion_answer_accepted',
        organisationId: topic.organisationId,
        actorId: e.acceptedBy,
        subject: { kind: 'discussion', id: topic.id, title: topic.title },
        link: link(topic.id),
        recipients: [e.answerAuthorId],
      });
    },
  }),
];
