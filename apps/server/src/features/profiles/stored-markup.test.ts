import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  bearer,
  makeOrganisationWithStaff,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { call } from '../../../test/http.ts';
import { expectPlainTextRefused, MARKUP } from '../../../test/plain-text.ts';

/**
 * Issue 11, finding 11: a profile (names, bio, every section) is plain text;
 * markup is refused, never stored for another client to render.
 */
let t: TestApp;
let acme: Staff;
const base = '/api/v1/accounts';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH', url: string, token: string, body: object) =>
  call(t.app, method, `${base}/${url}`, { token, body });

describe('plain text in profiles refuses markup', () => {
  it('the bio and the names, edited by the user or an admin', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const url = `${me.user.id}/`;
    expectPlainTextRefused(await send('PATCH', url, me.token, { bio: MARKUP }), 'bio');
    expectPlainTextRefused(
      await send('PATCH', url, me.token, { first_name: '<b>Me</b>' }),
      'first_name',
    );
    expectPlainTextRefused(
      await send('PATCH', url, acme.admin.token, { last_name: '</title><script>x</script>' }),
      'last_name',
    );
    const ok = await send('PATCH', url, me.token, { bio: 'I <3 maths: 2 < 3.', first_name: 'Ann' });
    expect(ok.statusCode, ok.body).toBe(200);
    const details = await t.app.inject({
      url: `${base}/user-profile-details/${me.user.id}/`,
      headers: bearer(me.token),
    });
    expect(details.json()).toMatchObject({
      first_name: 'Ann',
      profile: { bio: 'I <3 maths: 2 < 3.' },
    });
  });

  it('the sections: education, professional info and skills', async () => {
    const me = await signedInLearner(t, acme.org.id);
    expectPlainTextRefused(
      await send('POST', 'education/', me.token, { institution: MARKUP, degree: 'BSc' }),
      'institution',
    );
    expectPlainTextRefused(
      await send('POST', 'professional-info/', me.token, {
        company: 'Acme',
        title: 'Clerk',
        description: '<p>Filing</p>',
      }),
      'description',
    );
    expectPlainTextRefused(
      await send('POST', 'additional-info/', me.token, { skills: ['<i>SQL</i>'] }),
      'skills.0',
    );
  });
});
