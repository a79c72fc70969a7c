import { PLAIN_TEXT_MESSAGE } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { multipart } from '../../../test/multipart.ts';
import { expectPlainTextRefused, MARKUP } from '../../../test/plain-text.ts';

/**
 * Issue 11, finding 11: names are plain text wherever an account is created
 * (add-user, import, sign-up); markup is refused, never stored.
 */
let t: TestApp;
let acme: Staff;
const base = '/api/v1/accounts';

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_PER_MINUTE: '1000' } });
  acme = await makeOrganisationWithStaff(t.database.db, t.config, {
    isDefault: true,
    domainUrl: 'acme.test',
    allowSignup: true,
  });
});
afterAll(() => t.close());

describe('names refuse markup', () => {
  it('add-user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/add-user/`,
      headers: bearer(acme.admin.token),
      payload: { username: 'mallory', email: 'mallory@acme.test', first_name: MARKUP, role: 4 },
    });
    expectPlainTextRefused(res, 'first_name');
  });

  it('user import reports the row and imports nothing', async () => {
    const csv =
      'username,email,first_name,last_name,role\nmal,mal@acme.test,Mal,<b>Lory</b>,learner\n';
    const form = multipart([{ name: 'file', filename: 'people.csv', content: Buffer.from(csv) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/user-bulk-upload/`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(acme.admin.token) },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors['row 2']).toEqual([`last_name: ${PLAIN_TEXT_MESSAGE}`]);
  });

  it('sign-up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users/',
      headers: { host: 'acme.test' },
      payload: {
        username: 'newcomer',
        email: 'newcomer@acme.test',
        password: 'Grass-Lantern-42',
        first_name: 'New',
        last_name: '<svg onload=alert(1)>',
      },
    });
    expectPlainTextRefused(res, 'last_name');
  });
});
