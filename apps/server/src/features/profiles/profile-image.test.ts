import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  bearer,
  makeOrganisationWithStaff,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { call } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';

let t: TestApp;
let acme: Staff;
let other: Staff;
let photo: Buffer;

const url = (id: number) => `/api/v1/accounts/profile_image/${id}/`;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  other = await makeOrganisationWithStaff(t.database.db, t.config);
  // A landscape photo, so the square crop is visible in the result's size.
  photo = await sharp({
    create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const upload = (token: string, id: number, filename: string, content: Buffer, field = 'file') =>
  call(t.app, 'PATCH', url(id), { token, form: [{ name: field, filename, content }] });

function storedImages(): string[] {
  const dir = path.join(t.config.dataDir, 'files', 'profile-images');
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

describe('profile_image/{id}/', () => {
  it('resizes an uploaded PNG to a 256×256 webp and serves it', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const res = await upload(me.token, me.user.id, 'Holiday Photo.PNG', photo);
    expect(res.statusCode).toBe(200);
    const photoUrl: string = res.json().photo_url;
    expect(photoUrl).toMatch(
      new RegExp(`^/api/v1/accounts/profile_image/${me.user.id}/\\?v=[0-9a-f]{12}$`),
    );

    const [profile] = await t.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, me.user.id));
    expect(profile!.photoKey).toMatch(/^profile-images\/[0-9a-f-]{36}\.webp$/);

    // A colleague sees it, through the URL the profile gives.
    const details = await t.app.inject({
      url: `/api/v1/accounts/user-profile-details/${me.user.id}/`,
      headers: bearer(acme.trainer.token),
    });
    expect(details.json().profile.photo_url).toBe(photoUrl);
    const image = await t.app.inject({ url: photoUrl, headers: bearer(acme.trainer.token) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toMatch(/^private/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    // Without the version the browser must check back.
    const bare = await t.app.inject({ url: url(me.user.id), headers: bearer(me.token) });
    expect(bare.headers['cache-control']).toBe('private, no-cache');
  });

  it('is served to a browser through the token cookie too', async () => {
    const me = await signedInLearner(t, acme.org.id);
    await upload(me.token, me.user.id, 'me.png', photo);
    const res = await t.app.inject({ url: url(me.user.id), cookies: { token: me.token } });
    expect(res.statusCode).toBe(200);
  });

  it('replaces the previous photo and deletes its file', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const before = storedImages().length;
    const first = await upload(me.token, me.user.id, 'a.png', photo);
    expect(storedImages()).toHaveLength(before + 1);
    const second = await upload(me.token, me.user.id, 'b.png', photo);
    expect(second.statusCode).toBe(200);
    expect(second.json().photo_url).not.toBe(first.json().photo_url);
    expect(storedImages()).toHaveLength(before + 1);
  });

  it('refuses a .png that is really text (415) and a file type outside the list (415)', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const fake = await upload(
      me.token,
      me.user.id,
      'photo.png',
      Buffer.from('just some text, not an image'),
    );
    expect([fake.statusCode, fake.json().message]).toEqual([
      415,
      'The file content does not match its .png extension.',
    ]);
    const gif = await upload(me.token, me.user.id, 'anim.gif', photo);
    expect([gif.statusCode, gif.json().message]).toEqual([
      415,
      'File type not allowed. Allowed types: jpg, jpeg, png, webp.',
    ]);
    const broken = await upload(me.token, me.user.id, 'cut.png', photo.subarray(0, 60));
    expect(broken.statusCode).toBe(415);
    const [profile] = await t.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, me.user.id));
    expect(profile).toBeUndefined();
  });

  it('refuses a file over 5 MB with 413, leaving nothing stored', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const before = storedImages().length;
    const big = Buffer.concat([photo, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const res = await upload(me.token, me.user.id, 'huge.png', big);
    expect([res.statusCode, res.json().message]).toEqual([
      413,
      'The image is larger than the 5 MB limit.',
    ]);
    expect(storedImages()).toHaveLength(before);
  });

  it('wants the image in the field named file, as multipart', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const wrongField = await upload(me.token, me.user.id, 'a.png', photo, 'image');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors.file).toBeDefined();
    const json = await t.app.inject({
      method: 'PATCH',
      url: url(me.user.id),
      headers: bearer(me.token),
      payload: { file: 'a.png' },
    });
    expect(json.statusCode).toBe(415);
  });

  it("refuses a learner changing a colleague's photo (403); an admin may, audited", async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const colleague = await signedInLearner(t, acme.org.id);
    const res = await upload(colleague.token, learner.user.id, 'a.png', photo);
    expect(res.statusCode).toBe(403);
    const byAdmin = await upload(acme.admin.token, learner.user.id, 'a.png', photo);
    expect(byAdmin.statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetUserId, learner.user.id));
    expect(audit).toMatchObject({
      action: 'profile.changed_by_admin',
      actorId: acme.admin.user.id,
      details: { section: 'profile', fields: ['photo'] },
    });
    const foreignAdmin = await upload(other.admin.token, learner.user.id, 'a.png', photo);
    expect(foreignAdmin.statusCode).toBe(404);
  });

  it('is not shown to another organisation (404), and 404 when there is none', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const none = await t.app.inject({ url: url(me.user.id), headers: bearer(me.token) });
    expect([none.statusCode, none.json().message]).toEqual([
      404,
      'This user has no profile image.',
    ]);
    await upload(me.token, me.user.id, 'a.png', photo);
    const foreign = await t.app.inject({
      url: url(me.user.id),
      headers: bearer(other.learner.token),
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([
      404,
      'Could not get user detail',
    ]);
  });
});
