import { ZBlogPostCreate } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeLearner,
  makeOrganisation,
  makeSuperadmin,
  makeTrainer,
} from '../../../test/factories/index.ts';
import { authFor, createServiceContext, type ServiceTest } from '../../../test/service-context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { blogPosts, blogPostTags } from '../../schema/blogs.table.ts';
import { blogPostTarget } from './blogs.moderation.ts';
import { createPost, removePost, updatePost } from './blogs.posts.ts';
import { blogPostSearch } from './blogs.search.ts';

/*
 * Blog posts in global search: documents (text, custom excerpt, tags, author), and `visible`
 * keeping the post page's rule: drafts and held posts to their author and admins only, nothing
 * of another organisation; every write and moderation decision tells the index.
 */
let s: ServiceTest;
beforeAll(async () => {
  s = await createServiceContext();
});
afterAll(() => s.close());

type PostValues = Partial<typeof blogPosts.$inferInsert> & { organisationId: number };
async function makePost(db: DbOrTx, values: PostValues) {
  const [row] = await db
    .insert(blogPosts)
    .values({ title: 'A post', status: 'published', publishedAt: new Date(), ...values })
    .returning();
  return row!;
}

describe('blog post search provider', () => {
  it('writes the text, a custom excerpt, the tags and the author', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const author = await makeTrainer(db, { organisationId: org.id });
    const post = await makePost(db, {
      organisationId: org.id,
      authorId: author.id,
      title: 'Winter safety',
      excerpt: 'Ice and snow',
      bodyHtml: '<p>Grit the <em>paths</em>.</p><p>Salt &amp; sand.</p>',
    });
    await db.insert(blogPostTags).values([
      { postId: post.id, tag: 'winter' },
      { postId: post.id, tag: 'safety' },
    ]);
    const [doc] = await blogPostSearch.documents(s.ctx, [post.id, 999_999_999]);
    expect(doc).toEqual({
      id: post.id,
      organisationId: org.id,
      title: 'Winter safety',
      body: 'Ice and snow Grit the paths. Salt & sand. safety winter',
      subtitle: `by Test ${author.username}`,
      href: `/blogs/${post.id}`,
    });
    expect(await blogPostSearch.ids(s.ctx, post.id - 1, 1)).toEqual([post.id]);
  });

  it('shows each caller the posts the post page shows them', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const other = await makeOrganisation(db);
    const author = await makeLearner(db, { organisationId: org.id });
    const reader = await makeLearner(db, { organisationId: org.id });
    const trainer = await makeTrainer(db, { organisationId: org.id });
    const admin = await makeAdmin(db, { organisationId: org.id });
    const superadmin = await makeSuperadmin(db, { organisationId: org.id });
    const outsider = await makeAdmin(db, { organisationId: other.id });
    const mine = (v: Partial<PostValues> = {}) =>
      makePost(db, { organisationId: org.id, authorId: author.id, ...v });
    const published = await mine();
    const draft = await mine({ status: 'draft', publishedAt: null });
    const held = await mine({ moderationState: 'held' });
    const hidden = await mine({ moderationState: 'hidden' });
    const foreign = await makePost(db, { organisationId: other.id });
    const ids = [published, draft, held, hidden, foreign].map((p) => p.id);
    const seen = async (user: { id: number }) =>
      [...(await blogPostSearch.visible(s.ctx, await authFor(s.ctx, user), ids))].sort(
        (a, b) => a - b,
      );
    const sorted = (...ps: { id: number }[]) => ps.map((p) => p.id).sort((a, b) => a - b);
    expect(await seen(reader)).toEqual(sorted(published));
    expect(await seen(trainer)).toEqual(sorted(published));
    expect(await seen(author)).toEqual(sorted(published, draft, held, hidden));
    expect(await seen(admin)).toEqual(sorted(published, draft, held, hidden));
    expect(await seen(outsider)).toEqual(sorted(foreign));
    // canReadPost: a superadmin reads every organisation's posts.
    expect(await seen(superadmin)).toEqual(sorted(published, draft, held, hidden, foreign));
  });

  it('is told of every write, publication and moderation decision', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const admin = await makeAdmin(db, { organisationId: org.id });
    const auth = await authFor(s.ctx, admin);
    const told: number[][] = [];
    const stop = s.ctx.bus.subscribe('search.changed', (p) => {
      if (p.kind === 'blog_post') told.push(p.ids);
    });
    try {
      const post = await createPost(
        s.ctx,
        auth,
        ZBlogPostCreate.parse({ title: 'Draft', body_html: '<p>Text</p>' }),
      );
      await updatePost(s.ctx, auth, post.id, { status: 'published' });
      await runInTransaction(s.ctx.db, s.ctx.bus, (uow) =>
        blogPostTarget.setState(s.ctx, uow, post.id, 'hidden'),
      );
      await removePost(s.ctx, auth, post.id);
      expect(told).toEqual([[post.id], [post.id], [post.id], [post.id]]);
      expect(await blogPostSearch.documents(s.ctx, [post.id])).toEqual([]);
    } finally {
      stop();
    }
  });
});
