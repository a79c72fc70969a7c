import { ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  bearer,
  makeOrganisationWithStaff,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { makeUser } from '../../../test/factories/index.ts';
import { makeStructure } from '../../../test/factories/structure.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { users } from '../../schema/users.table.ts';

let t: TestApp;
let acme: Staff;
let other: Staff;
let structure: Awaited<ReturnType<typeof makeStructure>>;
let foreignStructure: Awaited<ReturnType<typeof makeStructure>>;

const details = (id: number) => `/api/v1/accounts/user-profile-details/${id}/`;
const edit = (id: number) => `/api/v1/accounts/${id}/`;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  other = await makeOrganisationWithStaff(t.database.db, t.config);
  structure = await makeStructure(t.database.db, acme.org.id);
  foreignStructure = await makeStructure(t.database.db, other.org.id);
});
afterAll(() => t.close());

const patch = (token: string, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: edit(id), headers: bearer(token), payload });

async function auditsFor(userId: number) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetUserId, userId))
    .orderBy(auditEvents.id);
}

describe('user-profile-details/{id}/', () => {
  it('shows a user their whole profile, empty sections included', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const res = await t.app.inject({ url: details(me.user.id), headers: bearer(me.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: me.user.id,
      username: me.user.username,
      email: me.user.email,
      fullname: `Test ${me.user.lastName}`,
      role: { id: ROLE.LEARNER, name: 'Learner' },
      organization: { id: acme.org.id, title: acme.org.title },
      is_active: true,
      approval_status: 1,
      last_login: null,
      profile: {
        department: null,
        designation: null,
        location: null,
        gender: null,
        phone: null,
        date_of_birth: null,
        bio: null,
        photo_url: null,
      },
      education: [],
      professional_info: [],
      location: null,
      additional_info: null,
      social_media: null,
      can_edit: true,
      can_edit_email: false,
    });
    expect(Date.parse(res.json().date_joined)).not.toBeNaN();
  });

  it('lets colleagues read a profile but not edit it', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const res = await t.app.inject({
      url: details(learner.user.id),
      headers: bearer(acme.trainer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ can_edit: false, can_edit_email: false });
    const asAdmin = await t.app.inject({
      url: details(learner.user.id),
      headers: bearer(acme.admin.token),
    });
    expect(asAdmin.json()).toMatchObject({ can_edit: true, can_edit_email: true });
  });

  it('hides users of another organisation (404) except from a superadmin', async () => {
    const res = await t.app.inject({
      url: details(other.learner.user.id),
      headers: bearer(acme.learner.token),
    });
    expect([res.statusCode, res.json().message]).toEqual([404, 'Could not get user detail']);
    const asAdmin = await t.app.inject({
      url: details(other.learner.user.id),
      headers: bearer(acme.admin.token),
    });
    expect(asAdmin.statusCode).toBe(404);
    const asSuperadmin = await t.app.inject({
      url: details(other.learner.user.id),
      headers: bearer(acme.superadmin.token),
    });
    expect(asSuperadmin.statusCode).toBe(200);
    expect(asSuperadmin.json().organization.id).toBe(other.org.id);
  });

  it('answers 404 for a user that does not exist and 400 for an id that is not a number', async () => {
    const missing = await t.app.inject({
      url: details(987654),
      headers: bearer(acme.learner.token),
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      url: '/api/v1/accounts/user-profile-details/abc/',
      headers: bearer(acme.learner.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.id).toBeDefined();
  });
});

describe('PATCH {id}/', () => {
  it('lets a learner edit their own basics and place in the organisation', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const res = await patch(me.token, me.user.id, {
      first_name: ' Ada ',
      last_name: 'Lovelace',
      gender: 'female',
      phone: '+44 20 7946 0958',
      date_of_birth: '1990-12-10',
      bio: 'Writes notes.\nMany notes.',
      department: structure.sales.department.id,
      designation: structure.sales.designation.id,
      location: structure.sales.location.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      fullname: 'Ada Lovelace',
      profile: {
        gender: { id: 'female', name: 'Female' },
        phone: '+44 20 7946 0958',
        date_of_birth: '1990-12-10',
        bio: 'Writes notes.\nMany notes.',
        department: { id: structure.sales.department.id, name: structure.sales.department.name },
        designation: { id: structure.sales.designation.id, name: 'Account Lead' },
        location: { id: structure.sales.location.id, name: 'London' },
      },
    });
    const reread = await t.app.inject({
      url: details(me.user.id),
      headers: bearer(acme.trainer.token),
    });
    expect(reread.json().profile.phone).toBe('+44 20 7946 0958');
    // Editing one's own profile is not an admin action: nothing audited.
    expect(await auditsFor(me.user.id)).toEqual([]);

    const cleared = await patch(me.token, me.user.id, { phone: '', bio: null, gender: null });
    expect(cleared.json().profile).toMatchObject({ phone: null, bio: null, gender: null });
  });

  it("refuses a learner editing a colleague's profile (403) and another organisation's (404)", async () => {
    const me = await signedInLearner(t, acme.org.id);
    const colleague = await signedInLearner(t, acme.org.id);
    const res = await patch(me.token, colleague.user.id, { first_name: 'Hacked' });
    expect([res.statusCode, res.json().message]).toEqual([
      403,
      'You can only edit your own profile.',
    ]);
    const foreign = await patch(me.token, other.learner.user.id, { first_name: 'Hacked' });
    expect([foreign.statusCode, foreign.json().message]).toEqual([
      404,
      'Could not get user detail',
    ]);
    const trainer = await patch(acme.trainer.token, colleague.user.id, { first_name: 'Hacked' });
    expect(trainer.statusCode).toBe(403);
    const [stored] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, colleague.user.id));
    expect(stored!.firstName).toBe('Test');
  });

  it('lets an admin edit a user of their organisation, audited, but not one of another', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const res = await patch(acme.admin.token, learner.user.id, {
      first_name: 'Grace',
      department: structure.support.department.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().first_name).toBe('Grace');
    const audits = await auditsFor(learner.user.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'profile.changed_by_admin',
      actorId: acme.admin.user.id,
      organisationId: acme.org.id,
      details: { section: 'profile', fields: ['first_name', 'department'] },
    });
    const foreign = await patch(acme.admin.token, other.learner.user.id, { first_name: 'X' });
    expect(foreign.statusCode).toBe(404);
  });

  it('does not let an admin edit a fellow admin or a superadmin', async () => {
    const peer = await makeUser(t.database.db, { organisationId: acme.org.id, roleId: ROLE.ADMIN });
    expect((await patch(acme.admin.token, peer.id, { first_name: 'X' })).statusCode).toBe(403);
    expect(
      (await patch(acme.admin.token, acme.superadmin.user.id, { first_name: 'X' })).statusCode,
    ).toBe(403);
    // A superadmin may edit anyone, in any organisation.
    expect(
      (await patch(acme.superadmin.token, other.admin.user.id, { bio: 'Set by superadmin' }))
        .statusCode,
    ).toBe(200);
  });

  it('lets only an admin change the e-mail, unique regardless of case, and audits it', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const own = await patch(learner.token, learner.user.id, { email: 'mine@example.test' });
    expect([own.statusCode, own.json().message]).toEqual([
      403,
      'Only an administrator of the organisation can change the e-mail address.',
    ]);
    const taken = await patch(acme.admin.token, learner.user.id, {
      email: acme.trainer.user.email.toUpperCase(),
    });
    expect([taken.statusCode, taken.json().message]).toEqual([
      409,
      'A user with that e-mail address already exists.',
    ]);
    const bad = await patch(acme.admin.token, learner.user.id, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toEqual(['Enter a valid e-mail address.']);

    const res = await patch(acme.admin.token, learner.user.id, {
      email: 'New.Address@Example.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('New.Address@Example.test');
    const [changed] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetUserId, learner.user.id),
          eq(auditEvents.action, 'profile.email_changed'),
        ),
      );
    expect(changed!.details).toEqual({ from: learner.user.email, to: 'New.Address@Example.test' });
  });

  it.each([
    ['role', { role: 1 }],
    ['is_approved', { is_approved: true }],
    ['approval_status', { approval_status: 1 }],
    ['organisation', { organisation: 99 }],
    ['organization', { organization: 99 }],
    ['is_active', { is_active: true }],
    ['username', { username: 'root' }],
    ['permissions', { permissions: [] }],
  ])('refuses %s in the payload (mass assignment) and changes nothing', async (field, extra) => {
    const me = await signedInLearner(t, acme.org.id);
    const res = await patch(me.token, me.user.id, { first_name: 'Changed', ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors.join(' ')).toContain(`"${field}"`);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(stored!.firstName).toBe('Test');
  });

  it('refuses a designation or location of another department, and a department of another organisation', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const wrongDesignation = await patch(me.token, me.user.id, {
      department: structure.sales.department.id,
      designation: structure.support.designation.id,
      location: structure.support.location.id,
    });
    expect(wrongDesignation.statusCode).toBe(400);
    expect(wrongDesignation.json().errors).toEqual({
      designation: ['The designation must belong to the chosen department.'],
      location: ['The location must belong to the chosen department.'],
    });
    const foreign = await patch(me.token, me.user.id, {
      department: foreignStructure.sales.department.id,
      designation: foreignStructure.sales.designation.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.department).toEqual(['Choose a department of the organisation.']);
    const withoutDepartment = await patch(me.token, me.user.id, {
      designation: structure.sales.designation.id,
    });
    expect(withoutDepartment.json().errors.designation).toBeDefined();
    const stored = await t.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, me.user.id));
    expect(stored).toEqual([]);
  });

  it('checks the designation against the stored department when only it is sent', async () => {
    const me = await signedInLearner(t, acme.org.id);
    await patch(me.token, me.user.id, { department: structure.support.department.id });
    const res = await patch(me.token, me.user.id, {
      designation: structure.support.designation.id,
    });
    expect(res.statusCode).toBe(200);
    const moved = await patch(me.token, me.user.id, { department: structure.sales.department.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.designation).toBeDefined();
  });

  it('validates the fields and refuses an empty change', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const res = await patch(me.token, me.user.id, {
      first_name: '',
      phone: 'call me',
      gender: 'robot',
      date_of_birth: '2999-01-01',
      bio: 'x'.repeat(2001),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'bio',
      'date_of_birth',
      'first_name',
      'gender',
      'phone',
    ]);
    expect(res.json().errors.first_name).toEqual(['Enter the first name.']);
    const empty = await patch(me.token, me.user.id, {});
    expect([empty.statusCode, empty.json().non_field_errors]).toEqual([
      400,
      ['Send at least one field to change.'],
    ]);
  });
});

describe('choice lists', () => {
  it('get_gender/ lists the four choices', async () => {
    const res = await t.app.inject({
      url: '/api/v1/accounts/get_gender/',
      headers: bearer(acme.learner.token),
    });
    expect(res.json().results.map((g: { name: string }) => g.name)).toEqual([
      'Female',
      'Male',
      'Non-binary',
      'Prefer not to say',
    ]);
  });

  it('languages/?mobile lists ISO 639-1 languages', async () => {
    const res = await t.app.inject({
      url: '/api/v1/languages/?mobile=true',
      headers: bearer(acme.learner.token),
    });
    expect(res.statusCode).toBe(200);
    const results = res.json().results;
    expect(results.length).toBeGreaterThanOrEqual(60);
    expect(results).toContainEqual({ id: 'en', name: 'English' });
    expect(results).toContainEqual({ id: 'hi', name: 'Hindi' });
  });

  it("skills/ offers the organisation's own skills and the base list, searchable, never another organisation's", async () => {
    const mine = await signedInLearner(t, acme.org.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/additional-info/',
      headers: bearer(mine.token),
      payload: { skills: ['Pottery', 'Kiln_Firing 100%'] },
    });
    const theirs = await signedInLearner(t, other.org.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/additional-info/',
      headers: bearer(theirs.token),
      payload: { skills: ['Potions'] },
    });
    const all = await t.app.inject({
      url: '/api/v1/skills/?mobile=1',
      headers: bearer(acme.learner.token),
    });
    const names = all.json().results.map((s: { name: string }) => s.name);
    expect(names.length).toBeLessThanOrEqual(50);
    expect(names).toEqual(expect.arrayContaining(['Communication', 'Pottery']));
    expect(names).not.toContain('Potions');

    const search = await t.app.inject({
      url: '/api/v1/skills/?search=POT',
      headers: bearer(acme.learner.token),
    });
    expect(search.json().results).toEqual([{ id: 'Pottery', name: 'Pottery' }]);
    // LIKE wildcards in the search are plain characters.
    const literal = await t.app.inject({
      url: `/api/v1/skills/?search=${encodeURIComponent('_firing 100%')}`,
      headers: bearer(acme.learner.token),
    });
    expect(literal.json().results).toEqual([{ id: 'Kiln_Firing 100%', name: 'Kiln_Firing 100%' }]);
    const wildcard = await t.app.inject({
      url: '/api/v1/skills/?search=%25',
      headers: bearer(acme.learner.token),
    });
    expect(wildcard.json().results).toEqual([{ id: 'Kiln_Firing 100%', name: 'Kiln_Firing 100%' }]);
  });
});
