import type { TBlogPost, TBlogPostPage, TImage } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { PNG } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { blogComments, blogPosts, blogPostTags } from '../../schema/blogs.table.ts';

/*
 * Posts through the API on the real database: who writes (admins, permitted authors), drafts
 * seen by their author and admins only, publishing (a body needed, the first date kept, audited),
 * the sanitised body and derived excerpt, tags, the cover (one's own upload), the list's filters
 * and abilities, edits and deletions, and the admins' authors list.
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

async function write(who: SignedIn, body: Record<string, unknown>): Promise<TBlogPost> {
  const res = await http.post(BLOGS, who.token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const publish = (who: SignedIn, title: string, extra: Record<string, unknown> = {}) =>
  write(who, { title, body_html: `<p>${title} body</p>`, status: 'published', ...extra });

async function list(who: SignedIn, query = ''): Promise<TBlogPostPage> {
  const res = await http.get(`${BLOGS}${query}`, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function grant(userId: number) {
  const res = await http.post(`${BLOGS}authors/`, acme.admin.token, { user_id: userId });
  expect(res.statusCode, res.body).toBe(201);
}

async function upload(who: SignedIn): Promise<TImage> {
  const res = await call(t.app, 'POST', '/api/images/', {
    token: who.token,
    form: [{ name: 'image', filename: 'a.png', content: PNG, type: 'image/png' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('who writes', () => {
  it('admins write; a learner writes once an admin lets them, and the list says so', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    expect((await list(learner)).abilities).toEqual({ create: false, manage_authors: false });
    const refused = await http.post(BLOGS, learner.token, { title: 'Mine' });
    expect(refused.statusCode).toBe(403);

    const byAdmin = await write(acme.admin, { title: 'Admin draft' });
    expect(byAdmin).toMatchObject({ status: 'draft', published_at: null, excerpt: '' });
    expect(byAdmin.abilities).toEqual({ edit: true, delete: true, comment: false, publish: true });
    expect((await list(acme.admin)).abilities).toEqual({ create: true, manage_authors: true });

    await grant(learner.user.id);
    expect((await list(learner)).abilities.create).toBe(true);
    const mine = await write(learner, { title: 'Now mine' });
    expect(mine.author?.id).toBe(learner.user.id);
  });

  it('refuses markup in the title, unknown fields and bad tags at the field', async () => {
    const res = await http.post(BLOGS, acme.admin.token, { title: '<b>x</b>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.title).toBeDefined();
    const tags = await http.post(BLOGS, acme.admin.token, { title: 'T', tags: ['no spaces'] });
    expect(tags.statusCode).toBe(400);
    expect(tags.json().errors.tags).toBeDefined();
    const many = Array.from({ length: 11 }, (_, i) => `t${i}`);
    const tooMany = await http.post(BLOGS, acme.admin.token, { title: 'T', tags: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.tags).toEqual(['At most 10 tags.']);
  });
});

describe('drafts and publishing', () => {
  it('shows a draft to its author and admins only; others get 404 and an empty draft list', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const other = await signedInLearner(t, acme.org.id);
    await grant(author.user.id);
    const draft = await write(author, { title: 'Secret draft', body_html: '<p>Soon</p>' });
    expect((await http.get(`${BLOGS}${draft.id}/`, author.token)).statusCode).toBe(200);
    expect((await http.get(`${BLOGS}${draft.id}/`, acme.admin.token)).statusCode).toBe(200);
    expect((await http.get(`${BLOGS}${draft.id}/`, other.token)).statusCode).toBe(404);
    expect((await http.get(`${BLOGS}${draft.id}/`, globex.admin.token)).statusCode).toBe(404);

    expect((await list(author, '?status=draft')).results.map((p) => p.id)).toContain(draft.id);
    expect((await list(other, '?status=draft')).results).toEqual([]);
    expect((await list(acme.admin, '?status=draft')).results.map((p) => p.id)).toContain(draft.id);
    expect((await list(other)).results.map((p) => p.id)).not.toContain(draft.id);
  });

  it('needs a body to publish, keeps the first date, and audits each publication', async () => {
    const draft = await write(acme.admin, { title: 'To publish' });
    const empty = await http.patch(`${BLOGS}${draft.id}/`, acme.admin.token, {
      status: 'published',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.body_html).toEqual(['Write the post before publishing it.']);

    const first = await http.patch(`${BLOGS}${draft.id}/`, acme.admin.token, {
      body_html: '<p>Now there is text</p>',
      status: 'published',
    });
    expect(first.statusCode, first.body).toBe(200);
    const publishedAt = first.json().published_at;
    expect(publishedAt).not.toBeNull();
    await http.patch(`${BLOGS}${draft.id}/`, acme.admin.token, { status: 'draft' });
    const again = await http.patch(`${BLOGS}${draft.id}/`, acme.admin.token, {
      status: 'published',
    });
    expect(again.json().published_at).toBe(publishedAt);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'blog.published'));
    const mine = audits.filter((a) => (a.details as { postId: number }).postId === draft.id);
    expect(mine.map((a) => (a.details as { first: boolean }).first)).toEqual([true, false]);
  });

  it('sanitises the body and derives the excerpt; a written excerpt stays', async () => {
    const p = await write(acme.admin, {
      title: 'Safe',
      body_html:
        '<p>Hello <strong>ward</strong></p><script>alert(1)</script><img src="https://x/y.png">',
    });
    expect(p.body_html).toBe('<p>Hello <strong>ward</strong></p>');
    expect(p.excerpt).toBe('Hello ward');
    const edited = await http.patch(`${BLOGS}${p.id}/`, acme.admin.token, {
      body_html: '<p>Changed text</p>',
    });
    expect(edited.json().excerpt).toBe('Changed text');
    await http.patch(`${BLOGS}${p.id}/`, acme.admin.token, { excerpt: 'My own words' });
    const kept = await http.patch(`${BLOGS}${p.id}/`, acme.admin.token, {
      body_html: '<p>Third text</p>',
    });
    expect(kept.json().excerpt).toBe('My own words');
  });
});

describe('tags, search, author and cover', () => {
  it('stores tags lower-case once, filters by tag, search and author, and counts tags', async () => {
    const a = await publish(acme.admin, 'Infection control update', {
      tags: ['Safety', 'safety', 'ward-7'],
    });
    expect(a.tags).toEqual(['safety', 'ward-7']);
    await publish(acme.admin, 'Rota news', { tags: ['rota'] });
    expect((await list(acme.learner, '?tag=SAFETY')).results.map((p) => p.id)).toEqual([a.id]);
    expect((await list(acme.learner, '?search=infection')).results.map((p) => p.id)).toEqual([
      a.id,
    ]);
    expect((await list(acme.learner, '?search=100%25')).results).toEqual([]);
    const byAuthor = await list(acme.learner, `?author=${acme.admin.user.id}`);
    expect(byAuthor.results.every((p) => p.author?.id === acme.admin.user.id)).toBe(true);
    const tags = await http.get(`${BLOGS}tags/`, acme.learner.token);
    expect(tags.json()).toContainEqual({ tag: 'ward-7', count: 1 });
    const globexTags = await http.get(`${BLOGS}tags/`, globex.learner.token);
    expect(globexTags.json()).toEqual([]);
    expect((await list(globex.learner)).results).toEqual([]);
  });

  it('takes only the writer’s own upload as the cover', async () => {
    const mine = await upload(acme.admin);
    const theirs = await upload(acme.learner);
    const refused = await http.post(BLOGS, acme.admin.token, {
      title: 'Cover',
      cover_image: theirs.uuid,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.cover_image).toEqual(['Not an image you uploaded.']);
    const p = await write(acme.admin, { title: 'Cover', cover_image: mine.uuid });
    expect(p.cover).toMatchObject({ uuid: mine.uuid, url: `/api/images/${mine.uuid}/` });
  });

  it('reads a page in a fixed number of queries, however many posts, tags and comments', async () => {
    const org = await makeOrganisationWithStaff(t.database.db, t.config);
    const db = t.database.db;
    const posts = await db
      .insert(blogPosts)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          organisationId: org.org.id,
          authorId: org.admin.user.id,
          title: `Bulk ${i}`,
          bodyHtml: '<p>x</p>',
          status: 'published' as const,
          publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
        })),
      )
      .returning({ id: blogPosts.id });
    await db.insert(blogPostTags).values(
      posts.flatMap((p) => [
        { postId: p.id, tag: 'a' },
        { postId: p.id, tag: 'b' },
      ]),
    );
    await db
      .insert(blogComments)
      .values(posts.map((p) => ({ postId: p.id, authorId: org.learner.user.id, body: 'Hi' })));
    const client = (db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    const first = await list(org.learner, '?page_size=50');
    const queries = spy.mock.calls.length;
    spy.mockRestore();
    // The token, the page, the count, the author check, tags, comment counts: not one per post.
    expect(queries).toBeLessThan(12);
    expect(first.results).toHaveLength(50);
    expect(first.results[0]).toMatchObject({
      title: 'Bulk 59',
      tags: ['a', 'b'],
      comment_count: 1,
    });
  });

  it('pages newest first with DRF links', async () => {
    for (let i = 0; i < 3; i++) await publish(acme.admin, `Paged ${i}`, { tags: ['paged'] });
    const first = await list(acme.learner, '?tag=paged&page_size=2');
    expect(first.count).toBe(3);
    expect(first.results.map((p) => p.title)).toEqual(['Paged 2', 'Paged 1']);
    expect(first.next).toContain('page=2');
    const second = await list(acme.learner, '?tag=paged&page_size=2&page=2');
    expect(second.results.map((p) => p.title)).toEqual(['Paged 0']);
  });
});

describe('editing and deleting', () => {
  it('lets an author edit while permitted; afterwards only admins', async () => {
    const author = await signedInLearner(t, acme.org.id);
    await grant(author.user.id);
    const p = await publish(author, 'Mine to edit');
    const ok = await http.patch(`${BLOGS}${p.id}/`, author.token, { title: 'Edited' });
    expect(ok.statusCode).toBe(200);
    const other = await http.patch(`${BLOGS}${p.id}/`, acme.learner.token, { title: 'Taken' });
    expect(other.statusCode).toBe(403);
    const foreign = await http.patch(`${BLOGS}${p.id}/`, globex.admin.token, { title: 'Taken' });
    expect(foreign.statusCode).toBe(404);

    const revoked = await http.del(`${BLOGS}authors/${author.user.id}/`, acme.admin.token);
    expect(revoked.statusCode).toBe(204);
    expect(
      (await http.del(`${BLOGS}authors/${author.user.id}/`, acme.admin.token)).statusCode,
    ).toBe(404);
    const detail = await http.get(`${BLOGS}${p.id}/`, author.token);
    expect(detail.json().abilities).toMatchObject({ edit: false, delete: false });
    expect((await http.patch(`${BLOGS}${p.id}/`, author.token, { title: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await http.patch(`${BLOGS}${p.id}/`, acme.admin.token, { title: 'y' })).statusCode,
    ).toBe(200);
  });

  it('deletes with its comments; an admin deleting another’s post is audited', async () => {
    const author = await signedInLearner(t, acme.org.id);
    await grant(author.user.id);
    const p = await publish(author, 'Going away');
    await http.post(`${BLOGS}${p.id}/comments/`, acme.learner.token, { body: 'Bye' });
    expect((await http.del(`${BLOGS}${p.id}/`, acme.learner.token)).statusCode).toBe(403);
    expect((await http.del(`${BLOGS}${p.id}/`, acme.admin.token)).statusCode).toBe(204);
    expect(await t.database.db.$count(blogPosts, eq(blogPosts.id, p.id))).toBe(0);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'blog.post_deleted'),
          eq(auditEvents.targetUserId, author.user.id),
        ),
      );
    expect(audit?.actorId).toBe(acme.admin.user.id);
  });
});

describe('authors list', () => {
  it('is the admins’: members only, listed with who they are', async () => {
    expect((await http.get(`${BLOGS}authors/`, acme.learner.token)).statusCode).toBe(403);
    const outsider = await http.post(`${BLOGS}authors/`, acme.admin.token, {
      user_id: globex.learner.user.id,
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors.user_id).toBeDefined();
    const member = await signedInLearner(t, acme.org.id);
    await grant(member.user.id);
    await grant(member.user.id);
    const page = await http.get(`${BLOGS}authors/?page_size=100`, acme.admin.token);
    const rows = page
      .json()
      .results.filter((a: { user: { id: number } }) => a.user.id === member.user.id);
    expect(rows).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'blog.author_granted'),
          eq(auditEvents.targetUserId, member.user.id),
        ),
      );
    expect(audits).toHaveLength(1);
  });
});
