import { eq } from 'drizzle-orm';
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
import { userEducation, userSocialMedia } from '../../schema/profiles.table.ts';

let t: TestApp;
let acme: Staff;
let other: Staff;

const base = '/api/v1/accounts';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  other = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
  call(t.app, method, `${base}/${url}`, { token, body });

async function profileOf(userId: number, token: string) {
  const res = await t.app.inject({
    url: `${base}/user-profile-details/${userId}/`,
    headers: bearer(token),
  });
  return res.json();
}

const educationOf = (userId: number) =>
  t.database.db.select().from(userEducation).where(eq(userEducation.userId, userId));

const degree = { institution: 'University of Leeds', degree: 'B.Sc. Physics' };

describe('education', () => {
  it('lets a learner add, change and delete their own education', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const created = await send('POST', 'education/', me.token, {
      ...degree,
      field_of_study: 'Physics',
      start_year: 2010,
      end_year: 2013,
      grade: 'First',
    });
    expect(created.statusCode).toBe(201);
    const entry = created.json();
    expect(entry).toMatchObject({ user: me.user.id, ...degree, start_year: 2010, end_year: 2013 });

    const changed = await send('PATCH', `education/${entry.id}/`, me.token, { grade: '2:1' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ grade: '2:1', institution: degree.institution });
    expect((await profileOf(me.user.id, me.token)).education).toEqual([changed.json()]);

    const deleted = await send('DELETE', `education/${entry.id}/`, me.token);
    expect(deleted.statusCode).toBe(204);
    expect(await educationOf(me.user.id)).toEqual([]);
  });

  it('requires institution and degree, years from 1900 to 2100, and the end not before the start', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const missing = await send('POST', 'education/', me.token, { institution: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      institution: ['Enter the institution.'],
      degree: ['Enter the degree.'],
    });
    const backwards = await send('POST', 'education/', me.token, {
      ...degree,
      start_year: 2015,
      end_year: 2012,
    });
    expect(backwards.json().errors).toEqual({
      end_year: ['The end year cannot be before the start year.'],
    });
    const ancient = await send('POST', 'education/', me.token, { ...degree, start_year: 1850 });
    expect(ancient.json().errors.start_year).toEqual([
      'The start year must be between 1900 and 2100.',
    ]);
    const tooLong = await send('POST', 'education/', me.token, {
      ...degree,
      institution: 'x'.repeat(201),
    });
    expect(tooLong.json().errors.institution).toEqual([
      'The institution must be at most 200 characters.',
    ]);
    expect(await educationOf(me.user.id)).toEqual([]);

    // A PATCH that sends one end is checked against the stored other end.
    const entry = (
      await send('POST', 'education/', me.token, { ...degree, start_year: 2010, end_year: 2013 })
    ).json();
    const early = await send('PATCH', `education/${entry.id}/`, me.token, { end_year: 2005 });
    expect([early.statusCode, early.json().errors]).toEqual([
      400,
      { end_year: ['The end year cannot be before the start year.'] },
    ]);
    const [stored] = await educationOf(me.user.id);
    expect(stored!.endYear).toBe(2013);
  });

  it("refuses a learner editing a colleague's entry (403) and hides another organisation's (404)", async () => {
    const owner = await signedInLearner(t, acme.org.id);
    const colleague = await signedInLearner(t, acme.org.id);
    const entry = (await send('POST', 'education/', owner.token, degree)).json();
    const patch = await send('PATCH', `education/${entry.id}/`, colleague.token, { grade: 'F' });
    expect([patch.statusCode, patch.json().message]).toEqual([
      403,
      'You can only edit your own profile.',
    ]);
    expect((await send('DELETE', `education/${entry.id}/`, colleague.token)).statusCode).toBe(403);
    const foreign = await send('PATCH', `education/${entry.id}/`, other.admin.token, {
      grade: 'F',
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Education not found.']);
    const forSomeoneElse = await send('POST', 'education/', colleague.token, {
      ...degree,
      user: owner.user.id,
    });
    expect(forSomeoneElse.statusCode).toBe(403);
    expect(await educationOf(owner.user.id)).toHaveLength(1);
  });

  it('lets an admin fill in the education of a user of their organisation, audited', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const res = await send('POST', 'education/', acme.admin.token, {
      ...degree,
      user: learner.user.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toBe(learner.user.id);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetUserId, learner.user.id));
    expect(audit).toMatchObject({
      action: 'profile.changed_by_admin',
      actorId: acme.admin.user.id,
      details: { section: 'education', action: 'created', ids: [res.json().id] },
    });
    const foreign = await send('POST', 'education/', other.admin.token, {
      ...degree,
      user: learner.user.id,
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([
      404,
      'Could not get user detail',
    ]);
  });

  it('refuses fields the section does not have, such as is_approved', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const res = await send('POST', 'education/', me.token, { ...degree, is_approved: true });
    expect(res.statusCode).toBe(400);
    expect(await educationOf(me.user.id)).toEqual([]);
  });
});

describe('bulk-edu-create/', () => {
  it('writes every entry when all are valid', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const res = await send('POST', 'bulk-edu-create/', me.token, [
      { ...degree, start_year: 2010, end_year: 2013 },
      { institution: 'Open University', degree: 'M.A.', start_year: 2014 },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().results).toHaveLength(2);
    expect(await educationOf(me.user.id)).toHaveLength(2);
  });

  it('writes nothing when one entry is invalid, naming the entry at fault', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const res = await send('POST', 'bulk-edu-create/', me.token, [
      degree,
      { institution: 'Open University', start_year: 2016, end_year: 2014 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      '1.degree': ['Enter the degree.'],
      '1.end_year': ['The end year cannot be before the start year.'],
    });
    expect(await educationOf(me.user.id)).toEqual([]);
  });

  it('writes nothing when one entry is for someone the caller may not edit', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const colleague = await signedInLearner(t, acme.org.id);
    const res = await send('POST', 'bulk-edu-create/', me.token, [
      degree,
      { ...degree, user: colleague.user.id },
    ]);
    expect(res.statusCode).toBe(403);
    expect(await educationOf(me.user.id)).toEqual([]);
    expect(await educationOf(colleague.user.id)).toEqual([]);
  });

  it('refuses an empty list', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const res = await send('POST', 'bulk-edu-create/', me.token, []);
    expect(res.statusCode).toBe(400);
  });
});

describe('professional-info/', () => {
  it('adds and changes a position, with dates in order and no end date while current', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const job = { company: 'Acme Ltd', title: 'Analyst' };
    const missing = await send('POST', 'professional-info/', me.token, { company: 'Acme Ltd' });
    expect(missing.json().errors).toEqual({ title: ['Enter the title.'] });
    const backwards = await send('POST', 'professional-info/', me.token, {
      ...job,
      start_date: '2020-05-01',
      end_date: '2019-05-01',
    });
    expect(backwards.json().errors).toEqual({
      end_date: ['The end date cannot be before the start date.'],
    });
    const notADate = await send('POST', 'professional-info/', me.token, {
      ...job,
      start_date: '2020-02-30',
    });
    expect(notADate.statusCode).toBe(400);

    const created = await send('POST', 'professional-info/', me.token, {
      ...job,
      start_date: '2020-05-01',
      current: true,
      description: 'Numbers.\nMore numbers.',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      ...job,
      start_date: '2020-05-01',
      end_date: null,
      current: true,
    });
    const ended = await send('PATCH', `professional-info/${created.json().id}/`, me.token, {
      end_date: '2023-01-31',
    });
    expect([ended.statusCode, ended.json().errors]).toEqual([
      400,
      { end_date: ['A current position has no end date.'] },
    ]);
    const left = await send('PATCH', `professional-info/${created.json().id}/`, me.token, {
      end_date: '2023-01-31',
      current: false,
    });
    expect(left.json()).toMatchObject({ end_date: '2023-01-31', current: false });
    expect((await profileOf(me.user.id, me.token)).professional_info).toEqual([left.json()]);
  });
});

describe('the 1:1 sections', () => {
  it('location/: one address per user; a second POST is refused with 409', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const empty = await send('POST', 'location/', me.token, { city: '' });
    expect([empty.statusCode, empty.json().non_field_errors]).toEqual([
      400,
      ['Fill in at least one field.'],
    ]);
    const created = await send('POST', 'location/', me.token, {
      city: 'Leeds',
      country: 'United Kingdom',
    });
    expect(created.statusCode).toBe(201);
    const again = await send('POST', 'location/', me.token, { city: 'York' });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'The location section already exists; update it instead.',
    ]);
    const changed = await send('PATCH', `location/${created.json().id}/`, me.token, {
      postal_code: 'LS1 4AP',
      city: null,
    });
    expect(changed.json()).toMatchObject({
      city: null,
      country: 'United Kingdom',
      postal_code: 'LS1 4AP',
    });
    expect((await profileOf(me.user.id, acme.trainer.token)).location).toEqual(changed.json());
  });

  it('additional-info/: languages from the list, skills de-duplicated', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const unknown = await send('POST', 'additional-info/', me.token, {
      languages: ['en', 'klingon'],
    });
    expect(unknown.json().errors).toEqual({ 'languages.1': ['Choose languages from the list.'] });
    const created = await send('POST', 'additional-info/', me.token, {
      languages: ['en', 'fr', 'en'],
      skills: ['SQL', ' sql ', 'Public Speaking'],
      interests: 'Chess',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      languages: [
        { id: 'en', name: 'English' },
        { id: 'fr', name: 'French' },
      ],
      skills: ['SQL', 'Public Speaking'],
      interests: 'Chess',
    });
    const again = await send('POST', 'additional-info/', me.token, { interests: 'Go' });
    expect(again.statusCode).toBe(409);
    const changed = await send('PATCH', `additional-info/${created.json().id}/`, me.token, {
      skills: [],
    });
    expect(changed.json().skills).toEqual([]);
  });

  it('social-media/: http(s) URLs only; blank clears a link', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const bad = await send('POST', 'social-media/', me.token, {
      linkedin: 'javascript:alert(1)',
      github: 'ftp://github.com/me',
      website: 'not a url',
    });
    expect(bad.statusCode).toBe(400);
    const message = ['Enter a full URL starting with http:// or https://.'];
    expect(bad.json().errors).toEqual({ linkedin: message, github: message, website: message });
    expect(
      await t.database.db
        .select()
        .from(userSocialMedia)
        .where(eq(userSocialMedia.userId, me.user.id)),
    ).toEqual([]);

    const created = await send('POST', 'social-media/', me.token, {
      linkedin: 'https://www.linkedin.com/in/someone',
      website: 'http://example.com/me',
    });
    expect(created.statusCode).toBe(201);
    const cleared = await send('PATCH', `social-media/${created.json().id}/`, me.token, {
      website: '',
    });
    expect(cleared.json()).toMatchObject({
      linkedin: 'https://www.linkedin.com/in/someone',
      website: null,
    });
    expect(
      (await send('POST', 'social-media/', me.token, { github: 'https://github.com/x' }))
        .statusCode,
    ).toBe(409);
  });

  it("lets an admin create and change a user's section; a colleague gets 403, another organisation 404", async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const byAdmin = await send('POST', 'social-media/', acme.admin.token, {
      user: learner.user.id,
      github: 'https://github.com/learner',
    });
    expect(byAdmin.statusCode).toBe(201);
    const id = byAdmin.json().id;
    const colleague = await send('PATCH', `social-media/${id}/`, acme.trainer.token, {
      github: null,
    });
    expect(colleague.statusCode).toBe(403);
    const foreign = await send('PATCH', `social-media/${id}/`, other.learner.token, {
      github: null,
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Social media not found.']);
    const adminEdit = await send('PATCH', `social-media/${id}/`, acme.admin.token, {
      twitter: 'https://x.com/l',
    });
    expect(adminEdit.statusCode).toBe(200);
    const audits = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.targetUserId, learner.user.id));
    expect(audits.map((a) => a.details)).toEqual([
      { section: 'social_media', action: 'created', ids: [id] },
      { section: 'social_media', action: 'updated', ids: [id] },
    ]);
  });

  it('answers 404 for a section that does not exist and 400 for an empty change', async () => {
    const me = await signedInLearner(t, acme.org.id);
    expect((await send('PATCH', 'location/987654/', me.token, { city: 'X' })).statusCode).toBe(404);
    const created = await send('POST', 'location/', me.token, { city: 'Leeds' });
    const empty = await send('PATCH', `location/${created.json().id}/`, me.token, {});
    expect([empty.statusCode, empty.json().non_field_errors]).toEqual([
      400,
      ['Send at least one field to change.'],
    ]);
  });
});
