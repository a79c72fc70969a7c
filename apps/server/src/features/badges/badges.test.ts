import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { badgeImagePart, makeBadge, makeBadgeAward } from '../../../test/factories/badges.ts';
import { api } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { badgeAwards, badges } from '../../schema/badges.table.ts';
import { images } from '../../schema/images.table.ts';

/*
 * The badge endpoints: creating with an image (checked, made a 256 px PNG), the refusals, the
 * lists and their counts, changes, deletion, awards by hand and revocations with their audit,
 * the awards list's anonymity, the gallery, and who may call what.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
const db = () => t.database.db;
const http = () => api(t);

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config);
  globex = await makeOrganisationWithStaff(db(), t.config);
});
afterAll(() => t.close());

const create = async (token: string, name: string, extra: { name: string; value: string }[] = []) =>
  http().form('POST', '/api/gamification/add-badge/', token, [
    { name: 'name', value: name },
    { name: 'description', value: 'For finishing things.' },
    { name: 'criteria', value: JSON.stringify({ manual_only: true }) },
    ...extra,
    await badgeImagePart('jpeg', { width: 640, height: 480 }),
  ]);

describe('creating badges', () => {
  it('stores the image as a 256x256 PNG in the image store and answers the badge', async () => {
    const res = await create(acme.admin.token, 'Finisher', [
      { name: 'post_to_wall', value: 'true' },
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Finisher',
      description: 'For finishing things.',
      active: true,
      post_to_wall: true,
      awarded_count: 0,
      criteria_text: 'Awarded by the organisation.',
      abilities: { edit: true, delete: true, award: true },
    });
    const [row] = await db().select().from(badges).where(eq(badges.id, body.id));
    const [image] = await db().select().from(images).where(eq(images.uuid, row!.imageUuid!));
    expect(image).toMatchObject({
      mime: 'image/png',
      width: 256,
      height: 256,
      organisationId: acme.org.id,
    });
    const served = await http().get(body.image_url, acme.learner.token);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'badge.created'));
    expect(audit).toBeDefined();
  });

  it('refuses a non-image (415), a GIF (415), no image (400), bad criteria (400) and a taken name (409)', async () => {
    const text = await http().form('POST', '/api/gamification/add-badge/', acme.admin.token, [
      { name: 'name', value: 'Text' },
      { name: 'criteria', value: '{"manual_only":true}' },
      {
        name: 'image',
        filename: 'badge.png',
        content: Buffer.from('<svg></svg>'),
        type: 'image/png',
      },
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json().errors.image).toBeDefined();
    const gif = await http().form('POST', '/api/gamification/add-badge/', acme.admin.token, [
      { name: 'name', value: 'Gif' },
      { name: 'criteria', value: '{"manual_only":true}' },
      await badgeImagePart('gif'),
    ]);
    expect(gif.statusCode).toBe(415);
    const none = await http().post('/api/gamification/add-badge/', acme.admin.token, {
      name: 'No image',
      criteria: { manual_only: true },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.image).toBeDefined();
    for (const criteria of [
      '{}',
      '{"manual_only":true,"courses":[1]}',
      'not json',
      '{"points":0}',
    ]) {
      const bad = await http().form('POST', '/api/gamification/add-badge/', acme.admin.token, [
        { name: 'name', value: 'Bad' },
        { name: 'criteria', value: criteria },
        await badgeImagePart(),
      ]);
      expect(bad.statusCode, criteria).toBe(400);
    }
    const other = await makeBadge(db(), { organisationId: globex.org.id });
    const foreign = await http().form('POST', '/api/gamification/add-badge/', acme.admin.token, [
      { name: 'name', value: 'Foreign' },
      { name: 'criteria', value: JSON.stringify({ badges: [other.id] }) },
      await badgeImagePart(),
    ]);
    expect(foreign.statusCode).toBe(400);
    await create(acme.admin.token, 'Twin');
    expect((await create(acme.admin.token, 'twin')).statusCode).toBe(409);
  });

  it('is for admins: trainers and learners 403', async () => {
    expect((await create(acme.trainer.token, 'Nope')).statusCode).toBe(403);
    expect((await create(acme.learner.token, 'Nope')).statusCode).toBe(403);
  });
});

describe('listing, changing, deleting', () => {
  it('lists with counts; inactive badges only for admins', async () => {
    const on = await makeBadge(db(), { organisationId: acme.org.id, name: 'Listed on' });
    const off = await makeBadge(db(), {
      organisationId: acme.org.id,
      name: 'Listed off',
      active: false,
    });
    const someone = await signedInLearner(t, acme.org.id);
    await makeBadgeAward(db(), on, someone.user.id);
    const admin = (
      await http().get('/api/gamification/add-badge/?query=listed', acme.admin.token)
    ).json();
    expect(admin.results.map((b: { id: number }) => b.id).sort()).toEqual([on.id, off.id].sort());
    expect(admin.results.find((b: { id: number }) => b.id === on.id).awarded_count).toBe(1);
    const learner = (
      await http().get('/api/gamification/add-badge/?query=listed', acme.learner.token)
    ).json();
    expect(learner.results.map((b: { id: number }) => b.id)).toEqual([on.id]);
    expect(learner.results[0].abilities).toEqual({ edit: false, delete: false, award: false });
    const globexList = (
      await http().get('/api/gamification/add-badge/?query=listed', globex.admin.token)
    ).json();
    expect(globexList.count).toBe(0);
  });

  it('changes by JSON or multipart; another organisation’s badge is 404, a learner 403', async () => {
    const badge = await makeBadge(db(), { organisationId: acme.org.id });
    const url = `/api/gamification/update-badge/${badge.id}/`;
    const res = await http().patch(url, acme.admin.token, { name: 'Renamed', active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', active: false });
    const image = await http().form('PATCH', url, acme.admin.token, [await badgeImagePart('webp')]);
    expect(image.statusCode).toBe(200);
    expect(image.json().image_url).toMatch(/^\/api\/images\//);
    expect((await http().patch(url, globex.admin.token, { name: 'x' })).statusCode).toBe(404);
    expect((await http().patch(url, acme.learner.token, { name: 'x' })).statusCode).toBe(403);
    expect(
      (await http().patch(url, acme.admin.token, { criteria: { badges: [badge.id] } })).statusCode,
    ).toBe(400);
  });

  it('deletes with its awards (revoked first), audited', async () => {
    const badge = await makeBadge(db(), { organisationId: acme.org.id });
    const someone = await signedInLearner(t, acme.org.id);
    await makeBadgeAward(db(), badge, someone.user.id);
    const url = `/api/gamification/update-badge/${badge.id}/`;
    expect((await http().del(url, globex.admin.token)).statusCode).toBe(404);
    expect((await http().del(url, acme.admin.token)).statusCode).toBe(204);
    expect(await db().select().from(badgeAwards).where(eq(badgeAwards.badgeId, badge.id))).toEqual(
      [],
    );
    expect((await http().del(url, acme.admin.token)).statusCode).toBe(404);
  });
});

describe('awards by hand and revocations', () => {
  it('awards members once, skips others, revokes with a reason (409 the second time)', async () => {
    const badge = await makeBadge(db(), { organisationId: acme.org.id });
    const a = await signedInLearner(t, acme.org.id);
    const outsider = await signedInLearner(t, globex.org.id);
    const url = `/api/gamification/update-badge/${badge.id}/award/`;
    const res = await http().post(url, acme.admin.token, {
      user_ids: [a.user.id, outsider.user.id],
      reason: 'Helped at the fair.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ awarded: [a.user.id], skipped: [outsider.user.id] });
    expect((await http().post(url, acme.admin.token, { user_ids: [a.user.id] })).json()).toEqual({
      awarded: [],
      skipped: [a.user.id],
    });
    expect((await http().post(url, acme.trainer.token, { user_ids: [a.user.id] })).statusCode).toBe(
      403,
    );
    expect((await http().post(url, globex.admin.token, { user_ids: [a.user.id] })).statusCode).toBe(
      404,
    );

    const [award] = await db().select().from(badgeAwards).where(eq(badgeAwards.userId, a.user.id));
    const revokeUrl = `/api/gamification/user-badge-list/${award!.id}/revoke/`;
    expect((await http().post(revokeUrl, globex.admin.token, { reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await http().post(revokeUrl, acme.admin.token, { reason: '' })).statusCode).toBe(400);
    const revoked = await http().post(revokeUrl, acme.admin.token, { reason: 'Duplicate.' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    expect((await http().post(revokeUrl, acme.admin.token, { reason: 'Again.' })).statusCode).toBe(
      409,
    );
    const [row] = await db().select().from(badgeAwards).where(eq(badgeAwards.id, award!.id));
    expect(row).toMatchObject({ revokeReason: 'Duplicate.', revokedBy: acme.admin.user.id });
    // By hand, a revoked badge may be given again.
    expect(
      (await http().post(url, acme.admin.token, { user_ids: [a.user.id] })).json().awarded,
    ).toEqual([a.user.id]);
    const actions = (await db().select().from(auditEvents)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['badge.awarded_manually', 'badge.revoked']));
  });
});

describe('the awards list and the gallery', () => {
  it('members see awards; opted-out holders are anonymous to others and unfound by name', async () => {
    const badge = await makeBadge(db(), { organisationId: acme.org.id, name: 'Shy badge' });
    const shy = await signedInLearner(t, acme.org.id);
    await http().patch('/api/gamification/settings/', shy.token, { listed: false });
    await makeBadgeAward(db(), badge, shy.user.id);
    const q = `?badge_id=${badge.id}`;
    const other = (
      await http().get(`/api/gamification/user-badge-list/${q}`, acme.learner.token)
    ).json();
    expect(other.results[0].person).toEqual({
      id: null,
      fullname: 'Anonymous learner',
      avatar: null,
      anonymous: true,
    });
    expect(other.results[0].abilities.revoke).toBe(false);
    const self = (await http().get(`/api/gamification/user-badge-list/${q}`, shy.token)).json();
    expect(self.results[0].person.id).toBe(shy.user.id);
    const admin = (
      await http().get(`/api/gamification/user-badge-list/${q}`, acme.admin.token)
    ).json();
    expect(admin.results[0].person.id).toBe(shy.user.id);
    expect(admin.results[0].abilities.revoke).toBe(true);
    const byName = (
      await http().get(
        `/api/gamification/user-badge-list/${q}&query=${encodeURIComponent(shy.user.username)}`,
        acme.learner.token,
      )
    ).json();
    expect(byName.count).toBe(0);
    // Another organisation: its members see none of it; org_id is for superadmins only.
    const foreign = await http().get(
      `/api/gamification/user-badge-list/?org_id=${acme.org.id}`,
      globex.admin.token,
    );
    expect(foreign.statusCode).toBe(404);
    const superadmin = await http().get(
      `/api/gamification/user-badge-list/?org_id=${acme.org.id}`,
      globex.superadmin.token,
    );
    expect(superadmin.statusCode).toBe(200);
  });

  it('the gallery: earned and not yet, for the person and their admins only', async () => {
    const person = await signedInLearner(t, acme.org.id);
    const earned = await makeBadge(db(), { organisationId: acme.org.id, name: 'Gallery earned' });
    const later = await makeBadge(db(), { organisationId: acme.org.id, name: 'Gallery later' });
    await makeBadgeAward(db(), earned, person.user.id);
    const url = `/api/gamification/user-badges/${person.user.id}/`;
    const mine = await http().get(url, person.token);
    expect(mine.statusCode).toBe(200);
    const items = mine.json().results as { badge: { id: number }; award: unknown }[];
    expect(items.find((i) => i.badge.id === earned.id)?.award).toMatchObject({
      manual: true,
      credential_uuid: null,
    });
    expect(items.find((i) => i.badge.id === later.id)?.award).toBeNull();
    expect(mine.json().earned).toBeGreaterThanOrEqual(1);
    expect((await http().get(url, acme.admin.token)).statusCode).toBe(200);
    expect((await http().get(url, acme.learner.token)).statusCode).toBe(404);
    expect((await http().get(url, acme.trainer.token)).statusCode).toBe(404);
    expect((await http().get(url, globex.admin.token)).statusCode).toBe(404);
  });
});
