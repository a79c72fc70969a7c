import { defineSubscriber } from '../../core/module.ts';
import {
  followersWhoMayRead,
  forumSubscribersWhoMayRead,
  loadForumPostNotice,
} from '../discussions/index.ts';
import { notify } from './notify.ts';

/**
 * Forums (issue 20, part 3): a post is told once its author's edit window has passed
 * (`forum.post_ready`, raised by the discussions slice's minute job) to the forum's effective
 * subscribers who may still read it and, for an answer, to the thread's followers who may still
 * read it (the immediate discussion_answer is not sent in forums: this replaces it). Never the
 * author (notify skips the actor). Each person's `forum_post` frequency decides mail or digest.
 */
export const forumSubscribers = [
  defineSubscriber({
    event: 'forum.post_ready',
    name: 'notify-forum-post',
    async handle(ctx, e, meta) {
      const thread = await loadForumPostNotice(ctx.db, e.discussionId, e.answerId);
      if (!thread) return;
      const [subscribers, followers] = await Promise.all([
        forumSubscribersWhoMayRead(ctx.db, e.forumId),
        e.answerId === null ? Promise.resolve([]) : followersWhoMayRead(ctx.db, thread.id),
      ]);
      await notify(ctx, meta, {
        type: 'forum_post',
        organisationId: thread.organisationId,
        actorId: e.authorId,
        subject: { kind: 'discussion', id: thread.id, title: thread.title },
        detail: thread.forumName,
        link: `/discussions/${thread.id}`,
        recipients: [...subscribers, ...followers],
      });
    },
  }),
];
