import { defineSubscriber } from '../../core/module.ts';
import { loadWallNotice } from '../wall/index.ts';
import { notify } from './notify.ts';

/**
 * The social wall (issue 20, part 4): the people a post or a comment newly mentions are told
 * (`wall_mention`; the wall slice raises each person once per post or comment, edits only the
 * new ones), and a post's author hears of a comment on it (`wall_comment`; not of their own, and
 * not when the comment mentions them, the mention says it). Each reads the post as it stands at
 * delivery: a post or comment deleted since tells nobody. The link opens the post.
 */

const link = (id: number) => `/socialwall/${id}`;

export const wallSubscribers = [
  defineSubscriber({
    event: 'wall.mentioned',
    name: 'notify-wall-mentioned',
    async handle(ctx, e, meta) {
      const post = await loadWallNotice(ctx.db, e.postId, e.commentId);
      if (!post) return;
      await notify(ctx, meta, {
        type: 'wall_mention',
        organisationId: post.organisationId,
        actorId: e.mentionedBy,
        subject: { kind: 'wall_post', id: post.id, title: post.title },
        link: link(post.id),
        recipients: e.userIds,
      });
    },
  }),
  defineSubscriber({
    event: 'wall.commented',
    name: 'notify-wall-commented',
    when: (e) => e.commentedBy !== e.postAuthorId,
    async handle(ctx, e, meta) {
      const post = await loadWallNotice(ctx.db, e.postId, e.commentId);
      if (!post) return;
      await notify(ctx, meta, {
        type: 'wall_comment',
        organisationId: post.organisationId,
        actorId: e.commentedBy,
        subject: { kind: 'wall_post', id: post.id, title: post.title },
        link: link(post.id),
        recipients: [e.postAuthorId],
      });
    },
  }),
];
