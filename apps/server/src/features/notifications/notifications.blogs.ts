import { defineSubscriber } from '../../core/module.ts';
import { loadBlogNotice } from '../blogs/index.ts';
import { notify } from './notify.ts';

/**
 * Blogs (issue 20, part 5): a post's author hears of a comment on it (`blog_comment`; never of
 * their own, per their preferences). The post is read as it stands at delivery: a comment or post
 * deleted, unpublished, held or hidden since tells nobody. The link opens the post at the comment.
 */
export const blogSubscribers = [
  defineSubscriber({
    event: 'blog.commented',
    name: 'notify-blog-commented',
    when: (e) => e.commentedBy !== e.postAuthorId,
    async handle(ctx, e, meta) {
      const post = await loadBlogNotice(ctx.db, e.postId, e.commentId);
      if (!post) return;
      await notify(ctx, meta, {
        type: 'blog_comment',
        organisationId: post.organisationId,
        actorId: e.commentedBy,
        subject: { kind: 'blog_post', id: post.id, title: post.title },
        link: `/blogs/${post.id}#comment-${e.commentId}`,
        recipients: [e.postAuthorId],
      });
    },
  }),
];
