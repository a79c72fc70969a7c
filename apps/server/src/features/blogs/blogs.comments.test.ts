import { ROLE, type TBlogComment, type TBlogPost, type TRoleId } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { blogComments, blogPosts } from '../../schema/blogs.table.ts';
import { notifications } from '../../schema/notifications.table.ts';

/*
 * Comments (published posts only, oldest first, who edits and deletes, the post author's
 * notification) and the moderation targets (load, visibleTo, setState hiding from others' lists
 * and counts while the author still sees it labelled, remove).
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

const BLOGS = '/api/blogs/';
const drain = () => t.app.ctx.jobs.drain();

async function publish(who: SignedIn, title: string): Promise<TBlogPost> {
  const res = await http.post(BLOGS, who.token, {
    title,
    body_html: `<p>${title}</p>`,
    status: 'published',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function comment(who: SignedIn, postId: number, body: string): Promise<TBlogComment> {
  const res = await http.post(`${BLOGS}${postId}/comments/`, who.token, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const commentNotices = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.type, 'blog_comment')));

describe('comments', () => {
  it('pages oldest first; the post counts them; plain text only', async () => {
    const p = await publish(acme.admin, 'Paged comments');
    for (const body of ['one', 'two', 'three']) await comment(acme.learner, p.id, body);
    const first = await http.get(`${BLOGS}${p.id}/comments/?page_size=2`, acme.trainer.token);
    expect(first.json().results.map((c: TBlogComment) => c.body)).toEqual(['one', 'two']);
    expect(first.json().count).toBe(3);
    const detail = await http.get(`${BLOGS}${p.id}/`, acme.trainer.token);
    expect(detail.json().comment_count).toBe(3);
    const markup = await http.post(`${BLOGS}${p.id}/comments/`, acme.learner.token, {
      body: '<b>hi</b>',
    });
    expect(markup.statusCode).toBe(400);
    expect(markup.json().errors.body).toBeDefined();
    const foreign = await http.get(`${BLOGS}${p.id}/comments/`, globex.admin.token);
    expect(foreign.statusCode).toBe(404);
  });

  it('opens once published: a draft takes no comment', async () => {
    const draft = await http.post(BLOGS, acme.admin.token, {
      title: 'Draft',
      body_html: '<p>x</p>',
    });
    const res = await http.post(`${BLOGS}${draft.json().id}/comments/`, acme.admin.token, {
      body: 'Early',
    });
    expect(res.statusCode).toBe(409);
    const other = await http.post(`${BLOGS}${draft.json().id}/comments/`, acme.learner.token, {
      body: 'Early',
    });
    expect(other.statusCode).toBe(404);
  });

  it('tells the post’s author of a comment, not of their own', async () => {
    const author = await signedInLearner(t, acme.org.id);
    await http.post(`${BLOGS}authors/`, acme.admin.token, { user_id: author.user.id });
    const p = await publish(author, 'Tell me');
    await comment(author, p.id, 'My own');
    const c = await comment(acme.trainer, p.id, 'Nice post');
    await drain();
    const notices = await commentNotices(author.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      link: `/blogs/${p.id}#comment-${c.id}`,
      subjectKind: 'blog_post',
      subjectId: p.id,
    });
  });

  it('lets its author edit; its author, the post’s author and admins delete (audited)', async () => {
    const p = await publish(acme.admin, 'Edits');
    const c = await comment(acme.learner, p.id, 'First words');
    expect(c.abilities).toEqual({ edit: true, delete: true });
    const edited = await http.patch(`${BLOGS}comments/${c.id}/`, acme.learner.token, {
      body: 'Better words',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'Better words' });
    expect(edited.json().edited_at).not.toBeNull();
    const byOther = await http.patch(`${BLOGS}comments/${c.id}/`, acme.trainer.token, {
      body: 'Taken',
    });
    expect(byOther.statusCode).toBe(403);
    expect((await http.del(`${BLOGS}comments/${c.id}/`, acme.trainer.token)).statusCode).toBe(403);
    expect((await http.del(`${BLOGS}comments/${c.id}/`, globex.admin.token)).statusCode).toBe(404);
    expect((await http.del(`${BLOGS}comments/${c.id}/`, acme.admin.token)).statusCode).toBe(204);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'blog.comment_deleted'));
    expect(audits.some((a) => (a.details as { commentId: number }).commentId === c.id)).toBe(true);
  });
});

describe('moderation targets', () => {
  const target = (kind: string) => t.app.ctx.moderationTargets.get(kind)!;
  const actorOf = (s: SignedIn, roleId: TRoleId) => ({
    userId: s.user.id,
    organisationId: acme.org.id,
    roleId,
    isSuperadmin: false,
  });

  it('loads a post and a comment with excerpt, link and state', async () => {
    const p = await publish(acme.admin, 'Moderated post');
    const c = await comment(acme.learner, p.id, 'A comment to look at');
    expect(await target('blog_post').load(t.app.ctx, p.id)).toEqual({
      organisationId: acme.org.id,
      authorId: acme.admin.user.id,
      excerpt: 'Moderated post: Moderated post',
      link: `/blogs/${p.id}`,
      state: 'visible',
    });
    expect(await target('blog_comment').load(t.app.ctx, c.id)).toEqual({
      organisationId: acme.org.id,
      authorId: acme.learner.user.id,
      excerpt: 'A comment to look at',
      link: `/blogs/${p.id}#comment-${c.id}`,
      state: 'visible',
    });
    expect(await target('blog_post').load(t.app.ctx, 2_000_000)).toBeNull();
    expect(
      await target('blog_post').visibleTo(t.app.ctx, actorOf(acme.learner, ROLE.LEARNER), p.id),
    ).toBe(true);
    const outsider = { ...actorOf(globex.learner, ROLE.LEARNER), organisationId: globex.org.id };
    expect(await target('blog_post').visibleTo(t.app.ctx, outsider, p.id)).toBe(false);
  });

  it('hides a held comment and post from others’ lists and counts; their author sees them labelled', async () => {
    const p = await publish(acme.admin, 'Hold me');
    const c = await comment(acme.learner, p.id, 'Held words');
    await comment(acme.trainer, p.id, 'Fine words');
    await runInTransaction(t.app.ctx.db, t.app.ctx.bus, (uow) =>
      target('blog_comment').setState(t.app.ctx, uow, c.id, 'held'),
    );
    const others = await http.get(`${BLOGS}${p.id}/comments/`, acme.trainer.token);
    expect(others.json().results.map((r: TBlogComment) => r.body)).toEqual(['Fine words']);
    expect((await http.get(`${BLOGS}${p.id}/`, acme.trainer.token)).json().comment_count).toBe(1);
    const own = await http.get(`${BLOGS}${p.id}/comments/`, acme.learner.token);
    expect(own.json().results.find((r: TBlogComment) => r.id === c.id)?.moderation_state).toBe(
      'held',
    );
    expect(
      (await http.patch(`${BLOGS}comments/${c.id}/`, acme.trainer.token, { body: 'x' })).statusCode,
    ).toBe(404);

    await runInTransaction(t.app.ctx.db, t.app.ctx.bus, (uow) =>
      target('blog_post').setState(t.app.ctx, uow, p.id, 'hidden'),
    );
    expect((await http.get(`${BLOGS}${p.id}/`, acme.learner.token)).statusCode).toBe(404);
    const list = await http.get(`${BLOGS}?page_size=100`, acme.learner.token);
    expect(list.json().results.map((r: TBlogPost) => r.id)).not.toContain(p.id);
    const asAuthor = await http.get(`${BLOGS}${p.id}/`, acme.admin.token);
    expect(asAuthor.json()).toMatchObject({ moderation_state: 'hidden' });
    expect(asAuthor.json().abilities.comment).toBe(false);
  });

  it('tells nobody of a comment held before its notice goes out', async () => {
    const author = await signedInLearner(t, acme.org.id);
    await http.post(`${BLOGS}authors/`, acme.admin.token, { user_id: author.user.id });
    const p = await publish(author, 'Quiet please');
    const c = await comment(acme.trainer, p.id, 'Held before delivery');
    await runInTransaction(t.app.ctx.db, t.app.ctx.bus, (uow) =>
      target('blog_comment').setState(t.app.ctx, uow, c.id, 'held'),
    );
    await drain();
    expect(await commentNotices(author.user.id)).toEqual([]);
  });

  it('removes as the slice’s own delete would', async () => {
    const p = await publish(acme.admin, 'Remove me');
    const c = await comment(acme.learner, p.id, 'Remove this');
    const moderator = actorOf(acme.admin, ROLE.ADMIN);
    await target('blog_comment').remove(t.app.ctx, moderator, c.id);
    expect(await t.database.db.$count(blogComments, eq(blogComments.id, c.id))).toBe(0);
    await target('blog_post').remove(t.app.ctx, moderator, p.id);
    expect(await t.database.db.$count(blogPosts, eq(blogPosts.id, p.id))).toBe(0);
  });
});
