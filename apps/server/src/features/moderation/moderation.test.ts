import { ROLE, type TModerationItem, type TWallPost } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { moderationItems } from '../../schema/moderation.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { wallPosts } from '../../schema/wall.table.ts';
import { REPORTS_PER_HOUR } from './moderation.routes.ts';

/*
 * Moderation through the API on the real database, with the wall as the content: a report opens
 * an item in the queue, the admins hide, restore, delete or dismiss it, and the feed follows;
 * banned words hold a post (nobody is told of its mentions) until it is released.
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

const REPORTS = '/api/moderation/reports/';
const QUEUE = '/api/moderation/queue/';
const WORDS = '/api/moderation/banned-words/';
const drain = () => t.app.ctx.jobs.drain();

async function post(who: SignedIn, body: string): Promise<TWallPost> {
  const res = await http.post('/api/feed/', who.token, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function feedIds(who: SignedIn): Promise<number[]> {
  const res = await http.get('/api/feed/?limit=50', who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results.map((p: TWallPost) => p.id);
}

async function reportPost(who: SignedIn, id: number, reason = 'spam') {
  return http.post(REPORTS, who.token, { kind: 'wall_post', id, reason, note: 'Please look' });
}

async function itemOf(postId: number): Promise<TModerationItem> {
  const res = await http.get(`${QUEUE}?kind=wall_post&page_size=100`, acme.admin.token);
  expect(res.statusCode, res.body).toBe(200);
  const item = res.json().results.find((i: TModerationItem) => i.target_id === postId);
  expect(item).toBeDefined();
  return item;
}

const act = (id: number, action: string, who = acme.admin) =>
  http.post(`${QUEUE}${id}/action/`, who.token, { action, note: 'Checked' });

const notificationsOf = (userId: number, type: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.type, type as never)));

describe('reporting and the queue', () => {
  it('reports, hides, restores: the feed follows, the author sees the label', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const reader = await signedInLearner(t, acme.org.id);
    const p = await post(author, 'Buy cheap watches now');

    const first = await reportPost(reader, p.id);
    expect(first.statusCode, first.body).toBe(201);
    const again = await reportPost(reader, p.id, 'other');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already reported/);
    expect((await reportPost(acme.trainer, p.id, 'harassment')).statusCode).toBe(201);

    const item = await itemOf(p.id);
    expect(item).toMatchObject({
      kind: 'wall_post',
      kind_label: 'Wall post',
      status: 'open',
      held: false,
      report_count: 2,
      reasons: { spam: 1, harassment: 1 },
      excerpt: 'Buy cheap watches now',
      link: `/socialwall/${p.id}`,
      author: { id: author.user.id },
      abilities: { hide: true, restore: true, delete: true, dismiss: true },
    });
    // The admins hear of it once, not once per report.
    await drain();
    expect(await notificationsOf(acme.admin.user.id, 'moderation_report')).toHaveLength(1);

    const detail = await http.get(`${QUEUE}${item.id}/`, acme.admin.token);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().reports).toEqual([
      expect.objectContaining({
        reason: 'spam',
        note: 'Please look',
        reporter: expect.objectContaining({ id: reader.user.id }),
      }),
      expect.objectContaining({
        reason: 'harassment',
        reporter: expect.objectContaining({ id: acme.trainer.user.id }),
      }),
    ]);
    expect(detail.json().live).toEqual({
      state: 'visible',
      excerpt: 'Buy cheap watches now',
      link: `/socialwall/${p.id}`,
    });

    const hidden = await act(item.id, 'hide');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      status: 'resolved',
      outcome: 'hidden',
      abilities: { hide: false },
    });
    expect(await feedIds(reader)).not.toContain(p.id);
    expect((await http.get(`/api/feed/${p.id}/`, reader.token)).statusCode).toBe(404);
    const own = await http.get(`/api/feed/${p.id}/`, author.token);
    expect(own.json().moderation_state).toBe('hidden');
    expect(await feedIds(author)).toContain(p.id);
    expect(await feedIds(acme.admin)).toContain(p.id);
    // Hidden: nobody else may report it (it does not exist for them).
    expect((await reportPost(acme.learner, p.id)).statusCode).toBe(404);
    await drain();
    const [decision] = await notificationsOf(author.user.id, 'moderation_decision');
    expect(decision).toBeDefined();

    expect((await act(item.id, 'restore')).statusCode).toBe(409);
    // A new report on the restored post opens a new item; restoring it shows the post again.
    const [row] = await t.database.db.select().from(wallPosts).where(eq(wallPosts.id, p.id));
    expect(row!.moderationState).toBe('hidden');
    await t.database.db
      .update(wallPosts)
      .set({ moderationState: 'visible' })
      .where(eq(wallPosts.id, p.id));
    expect((await reportPost(acme.learner, p.id, 'off_topic')).statusCode).toBe(201);
    const reopened = await itemOf(p.id);
    expect(reopened.id).not.toBe(item.id);
    expect((await act(reopened.id, 'hide')).statusCode).toBe(200);
    await t.database.db
      .update(moderationItems)
      .set({ status: 'open', outcome: null })
      .where(eq(moderationItems.id, reopened.id));
    expect((await act(reopened.id, 'restore')).statusCode).toBe(200);
    expect(await feedIds(reader)).toContain(p.id);

    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'moderation.decided'));
    expect(audits.filter((a) => (a.details as { itemId: number }).itemId === item.id)).toEqual([
      expect.objectContaining({ actorId: acme.admin.user.id, targetUserId: author.user.id }),
    ]);
  });

  it('delete removes the post; dismiss leaves it; a gone post closes the item with 409', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const reader = await signedInLearner(t, acme.org.id);
    const doomed = await post(author, 'Delete me');
    const kept = await post(author, 'Keep me');
    const gone = await post(author, 'Gone soon');
    for (const p of [doomed, kept, gone])
      expect((await reportPost(reader, p.id)).statusCode).toBe(201);

    const del = await act((await itemOf(doomed.id)).id, 'delete');
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().outcome).toBe('deleted');
    expect(await t.database.db.select().from(wallPosts).where(eq(wallPosts.id, doomed.id))).toEqual(
      [],
    );

    const dismissed = await act((await itemOf(kept.id)).id, 'dismiss');
    expect(dismissed.json().outcome).toBe('dismissed');
    expect(await feedIds(reader)).toContain(kept.id);

    const goneItem = await itemOf(gone.id);
    expect((await http.del(`/api/feed/delete/${gone.id}/`, author.token)).statusCode).toBe(204);
    const late = await act(goneItem.id, 'hide');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/no longer exists/);
    const closed = await http.get(`${QUEUE}${goneItem.id}/`, acme.admin.token);
    expect(closed.json()).toMatchObject({ status: 'resolved', live: null });
  });

  it('refuses what it must: own content, unknown kinds, other organisations, non-admins', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const p = await post(author, 'Mine');
    const own = await reportPost(author, p.id);
    expect(own.statusCode).toBe(400);
    expect(own.json().errors.id).toBeDefined();
    const unknown = await http.post(REPORTS, acme.learner.token, {
      kind: 'nothing',
      id: p.id,
      reason: 'spam',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.kind).toBeDefined();
    const badReason = await http.post(REPORTS, acme.learner.token, {
      kind: 'wall_post',
      id: p.id,
      reason: 'meh',
    });
    expect(badReason.statusCode).toBe(400);
    expect((await reportPost(globex.learner, p.id)).statusCode).toBe(404);
    expect((await reportPost(globex.superadmin, p.id)).statusCode).toBe(404);
    expect((await reportPost(acme.learner, 2_000_000)).statusCode).toBe(404);

    expect((await reportPost(acme.learner, p.id)).statusCode).toBe(201);
    const item = await itemOf(p.id);
    expect((await http.get(QUEUE, acme.learner.token)).statusCode).toBe(403);
    expect((await http.get(QUEUE, acme.trainer.token)).statusCode).toBe(403);
    expect((await act(item.id, 'hide', acme.learner)).statusCode).toBe(403);
    expect((await http.get(`${QUEUE}${item.id}/`, globex.admin.token)).statusCode).toBe(404);
    expect((await act(item.id, 'hide', globex.admin)).statusCode).toBe(404);
    expect((await act(item.id, 'hide', globex.superadmin)).statusCode).toBe(404);
    const globexQueue = await http.get(QUEUE, globex.admin.token);
    expect(globexQueue.json().results.map((i: TModerationItem) => i.id)).not.toContain(item.id);
    const bad = await http.post(`${QUEUE}${item.id}/action/`, acme.admin.token, { action: 'burn' });
    expect(bad.statusCode).toBe(400);
    expect((await http.get(`${QUEUE}?status=maybe`, acme.admin.token)).statusCode).toBe(400);
  });
  it('reports a comment; hiding it takes it out of the list and the count', async () => {
    const author = await signedInLearner(t, acme.org.id);
    const commenter = await signedInLearner(t, acme.org.id);
    const p = await post(author, 'Any thoughts?');
    const c = await http.post(`/api/feed/${p.id}/comments/`, commenter.token, {
      body: 'Rude words',
    });
    expect(c.statusCode, c.body).toBe(201);
    const res = await http.post(REPORTS, author.token, {
      kind: 'wall_comment',
      id: c.json().id,
      reason: 'harassment',
    });
    expect(res.statusCode, res.body).toBe(201);
    const queue = await http.get(`${QUEUE}?kind=wall_comment&page_size=100`, acme.admin.token);
    const item = queue.json().results.find((i: TModerationItem) => i.target_id === c.json().id);
    expect(item).toMatchObject({ kind_label: 'Wall comment', link: `/socialwall/${p.id}` });
    expect((await act(item.id, 'hide')).statusCode).toBe(200);
    const seen = await http.get(`/api/feed/${p.id}/`, author.token);
    expect(seen.json().comment_count).toBe(0);
    expect(seen.json().comments).toEqual([]);
    const own = await http.get(`/api/feed/${p.id}/comments/`, commenter.token);
    expect(own.json().results).toEqual([
      expect.objectContaining({ id: c.json().id, moderation_state: 'hidden' }),
    ]);
  });
});

describe('banned words', () => {
  it('are managed by admins, whole-word and accent-blind, one per phrase', async () => {
    const add = await http.post(WORDS, acme.admin.token, { phrase: 'Crème Brûlée' });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json()).toMatchObject({
      phrase: 'Crème Brûlée',
      created_by: { id: acme.admin.user.id },
    });
    const dup = await http.post(WORDS, acme.admin.token, { phrase: 'creme   BRULEE' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.phrase).toBeDefined();
    for (const phrase of ['', '!!!', 'x'.repeat(61), '<b>x</b>']) {
      expect((await http.post(WORDS, acme.admin.token, { phrase })).statusCode, phrase).toBe(400);
    }
    expect((await http.post(WORDS, acme.learner.token, { phrase: 'nope' })).statusCode).toBe(403);
    expect((await http.get(WORDS, acme.trainer.token)).statusCode).toBe(403);
    const list = await http.get(WORDS, acme.admin.token);
    expect(list.json().results.map((w: { phrase: string }) => w.phrase)).toContain('Crème Brûlée');
    expect((await http.get(WORDS, globex.admin.token)).json().results).toEqual([]);
    expect((await http.del(`${WORDS}${add.json().id}/`, globex.admin.token)).statusCode).toBe(404);
    expect((await http.del(`${WORDS}${add.json().id}/`, acme.admin.token)).statusCode).toBe(204);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organisationId, acme.org.id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['moderation.banned_word_added', 'moderation.banned_word_removed']),
    );
  });

  it('hold a post for review; its mention is told only on release', async () => {
    expect((await http.post(WORDS, acme.admin.token, { phrase: 'frobnicate' })).statusCode).toBe(
      201,
    );
    const ann = await signedIn(t, {
      organisationId: acme.org.id,
      roleId: ROLE.LEARNER,
      username: 'ann_mod',
    });
    const author = await signedInLearner(t, acme.org.id);
    const reader = await signedInLearner(t, acme.org.id);

    // Whole words only: "frobnicated" is another word.
    const fine = await post(author, 'We frobnicated yesterday');
    expect(fine.moderation_state).toBe('visible');
    // An edit that brings a banned word in holds it too.
    const edited = await http.patch(`/api/feed/${fine.id}/`, author.token, {
      body: 'We frobnicate',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().moderation_state).toBe('held');
    expect(await feedIds(reader)).not.toContain(fine.id);

    const p = await post(author, 'Time to FROBNICATE, @ann_mod!');
    expect(p.moderation_state).toBe('held');
    expect(await feedIds(reader)).not.toContain(p.id);
    expect(await feedIds(author)).toContain(p.id);
    expect((await reportPost(reader, p.id)).statusCode).toBe(404);
    await drain();
    expect(await notificationsOf(ann.user.id, 'wall_mention')).toHaveLength(0);
    expect(await notificationsOf(acme.admin.user.id, 'moderation_report')).not.toHaveLength(0);

    const item = await itemOf(p.id);
    expect(item).toMatchObject({ held: true, report_count: 0, status: 'open' });
    expect((await act(item.id, 'dismiss')).statusCode).toBe(409);
    const released = await act(item.id, 'restore');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().outcome).toBe('restored');
    expect(await feedIds(reader)).toContain(p.id);
    await drain();
    expect(await notificationsOf(ann.user.id, 'wall_mention')).toHaveLength(1);
    expect(await notificationsOf(author.user.id, 'moderation_decision')).toHaveLength(1);
  });

  it('hold a comment: left out of the others’ list and count until released', async () => {
    expect((await http.post(WORDS, acme.admin.token, { phrase: 'zorp' })).statusCode).toBe(201);
    const author = await signedInLearner(t, acme.org.id);
    const commenter = await signedInLearner(t, acme.org.id);
    const p = await post(author, 'Comments welcome');
    const res = await http.post(`/api/feed/${p.id}/comments/`, commenter.token, { body: 'zorp!' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().moderation_state).toBe('held');
    const seenBy = async (who: SignedIn) =>
      (await http.get(`/api/feed/${p.id}/`, who.token)).json() as TWallPost;
    expect((await seenBy(author)).comment_count).toBe(0);
    expect((await seenBy(commenter)).comment_count).toBe(1);
    expect((await seenBy(acme.admin)).comment_count).toBe(1);
    const list = await http.get(`/api/feed/${p.id}/comments/`, author.token);
    expect(list.json().results).toEqual([]);
    await drain();
    expect(await notificationsOf(author.user.id, 'wall_comment')).toHaveLength(0);

    const queue = await http.get(`${QUEUE}?kind=wall_comment`, acme.admin.token);
    const item = queue.json().results.find((i: TModerationItem) => i.target_id === res.json().id);
    expect((await act(item.id, 'restore')).statusCode).toBe(200);
    expect((await seenBy(author)).comment_count).toBe(1);
    await drain();
    expect(await notificationsOf(author.user.id, 'wall_comment')).toHaveLength(1);
  });
});

describe('rate limit', () => {
  it(`refuses a person's reports past ${REPORTS_PER_HOUR} an hour (429), not another's`, async () => {
    const busy = await signedInLearner(t, acme.org.id);
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      expect((await reportPost(busy, 2_000_000 + i)).statusCode).toBe(404);
    }
    expect((await reportPost(busy, 2_100_000)).statusCode).toBe(429);
    const other = await signedInLearner(t, acme.org.id);
    expect((await reportPost(other, 2_100_000)).statusCode).toBe(404);
  });
});
